import { loadPdfKit } from "../../../platform/heavy-libraries.ts";

export interface ReportPdfFacts {
  title: string;
  body: string;
  patientName: string;
  patientTaxCode: string | null;
  companyName: string;
  signerName: string;
  registerId: string;
  signedAt: Date;
}

const dateTime = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });

/**
 * A signed clinical report (spec 001 §3 "Clinical report"; issue 11: "PDF with name, register id,
 * date"): the text, then the signer's block. Made once at signing and stored, so what the patient
 * downloads is exactly what was signed. The PDF's standard fonts cover Italian (Latin-1).
 */
export async function reportPdf(facts: ReportPdfFacts): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: facts.title, Author: facts.signerName, CreationDate: facts.signedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(12).text(facts.companyName);
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(18).text(facts.title);
  doc.moveDown(0.5);
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(`Paziente: ${facts.patientName}${facts.patientTaxCode ? ` (${facts.patientTaxCode})` : ""}`);
  doc.moveDown();
  doc.font("Helvetica").fontSize(11).text(facts.body, { align: "left" });
  doc.moveDown(2);
  doc.font("Helvetica-Bold").fontSize(11).text("Firmato da");
  doc.font("Helvetica").fontSize(11).text(facts.signerName);
  doc.text(`Numero di iscrizione all'albo: ${facts.registerId}`);
  doc.text(`Data della firma: ${dateTime.format(facts.signedAt)}`);
  doc.end();
  return done;
}
