/// <reference path="../../../types/vendor.d.ts" />
import { loadPdfmake, PDF_FONT } from "../../../platform/pdf.ts";

// pdfmake's document definition, as far as this file builds it (the package ships no types).
type Content = unknown;
type TDocumentDefinitions = Record<string, unknown>;

/**
 * The document as a PDF: pdfmake lays out the sanitised HTML (html-to-pdfmake on a jsdom window),
 * plus, once signed, the 'Registro di firma' page. pdfmake comes configured from platform/pdf.ts (the
 * server's one configuration: configuring it here again replaced the other PDFs' fonts). The
 * libraries are imported on first use: they are heavy, and only the documents' PDF routes need them
 * (never the web app, never start-up).
 *
 * The same inputs give the same bytes (fixed creation date, file id derived from it), so the
 * unsigned PDF a signer downloads is the one whose SHA-256 the audit page prints.
 */

export interface AuditEntry {
  signer: string;
  taxCode: string;
  /** The reservation's citizen when a caregiver signed "per conto di"; null otherwise. */
  onBehalfOf: string | null;
  romeTime: string;
  utcTime: string;
  ip: string;
  unsignedSha256: string;
  documentId: string;
}

export interface PdfInput {
  title: string;
  companyName: string;
  html: string;
  createdAt: Date;
  audit?: AuditEntry;
}

interface Engine {
  render(definition: TDocumentDefinitions): Promise<Buffer>;
  toPdfmake(html: string): Content;
}

let engine: Promise<Engine> | null = null;

function loadEngine(): Promise<Engine> {
  engine ??= (async () => {
    const [pdfmake, { default: htmlToPdfmake }, { JSDOM }] = await Promise.all([
      loadPdfmake(),
      import("html-to-pdfmake"),
      import("jsdom"),
    ]);
    const { window } = new JSDOM("");
    return {
      render: (definition) => pdfmake.createPdf(definition).getBuffer(),
      toPdfmake: (html) => htmlToPdfmake(html, { window }),
    };
  })();
  return engine;
}

export async function renderDocumentPdf(input: PdfInput): Promise<Buffer> {
  const { render, toPdfmake } = await loadEngine();
  const content: Content[] = [
    { text: input.companyName, style: "company" },
    { text: input.title, style: "title" },
    toPdfmake(input.html),
  ];
  if (input.audit) content.push(auditPage(input.audit));
  return render({
    info: {
      title: input.title,
      author: input.companyName,
      creator: "Cura",
      producer: "Cura",
      creationDate: input.createdAt,
    },
    pageSize: "A4",
    pageMargins: [56, 56, 56, 64],
    defaultStyle: { font: PDF_FONT, fontSize: 11, lineHeight: 1.25 },
    styles: {
      company: { fontSize: 9, color: "#5c6f82", margin: [0, 0, 0, 4] },
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 12] },
      auditTitle: { fontSize: 14, bold: true, margin: [0, 0, 0, 12] },
      auditLabel: { bold: true },
    },
    footer: (page: number, pages: number) => ({
      text: `${input.title} — pagina ${page} di ${pages}`,
      alignment: "center",
      fontSize: 8,
      color: "#5c6f82",
    }),
    content,
  });
}

function auditPage(audit: AuditEntry): Content {
  const row = (label: string, value: string) => [
    { text: label, style: "auditLabel" },
    { text: value, ...(label.startsWith("SHA") ? { fontSize: 8 } : {}) },
  ];
  return [
    { text: "Registro di firma", style: "auditTitle", pageBreak: "before" },
    {
      table: {
        widths: [150, "*"],
        body: [
          row("Firmatario", audit.signer),
          row("Codice fiscale", audit.taxCode),
          ...(audit.onBehalfOf ? [row("Per conto di", audit.onBehalfOf)] : []),
          row("Data e ora (Europe/Rome)", audit.romeTime),
          row("Data e ora (UTC)", audit.utcTime),
          row("Indirizzo IP", audit.ip),
          row("SHA-256 del PDF non firmato", audit.unsignedSha256),
          row("Identificativo documento", audit.documentId),
        ],
      },
      layout: "lightHorizontalLines",
    },
    {
      text:
        "Il firmatario ha aperto il documento, lo ha letto fino alla fine e ha confermato la firma. " +
        "Il file è sigillato con il certificato della piattaforma: ogni modifica successiva invalida il sigillo.",
      fontSize: 9,
      margin: [0, 16, 0, 0],
    },
  ];
}
