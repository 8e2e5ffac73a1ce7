import { readFileSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import type { Plugin } from "vite";

/**
 * The fallback manuals (MANUAL_FALLBACK_URL_IT / _EN default to /manuali/manuale-it.pdf and -en.pdf):
 * written in Markdown under docs/manuali and rendered to PDF with pdfkit at every build, so the PDF
 * never drifts from its source. The Markdown used is small on purpose: `#`/`##` headings, paragraphs
 * and `-` bullets.
 */
const MANUALS = ["manuale-it", "manuale-en"] as const;

export function renderManual(markdown: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: markdown.split("\n")[0]?.replace(/^#\s*/, "") ?? "Cura" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  for (const line of markdown.split("\n")) {
    if (line.startsWith("# ")) doc.font("Helvetica-Bold").fontSize(20).text(line.slice(2)).moveDown(0.6);
    else if (line.startsWith("## "))
      doc.moveDown(0.4).font("Helvetica-Bold").fontSize(14).text(line.slice(3)).moveDown(0.3);
    else if (line.startsWith("- "))
      doc
        .font("Helvetica")
        .fontSize(11)
        .text(`•  ${line.slice(2)}`, { indent: 8 })
        .moveDown(0.2);
    else if (line.trim() !== "") doc.font("Helvetica").fontSize(11).text(line).moveDown(0.4);
  }
  doc.end();
  return done;
}

export function manuals(docsDir: string): Plugin {
  return {
    name: "cura-manuals",
    apply: "build",
    async generateBundle() {
      for (const name of MANUALS) {
        const source = readFileSync(join(docsDir, `${name}.md`), "utf8");
        this.emitFile({ type: "asset", fileName: `manuali/${name}.pdf`, source: await renderManual(source) });
      }
    },
  };
}
