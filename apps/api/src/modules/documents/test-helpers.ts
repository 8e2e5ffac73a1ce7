import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/** The text of every page of a PDF, read with pdfjs-dist as a PDF reader would show it. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages;
}

const PDFSIG = "/usr/bin/pdfsig";

/**
 * What poppler's pdfsig says of the PDF's signatures. Never skipped: without pdfsig the check fails
 * and says how to install it (scripts/ensure-chromium.ts installs poppler-utils with Chromium).
 */
export async function pdfsig(bytes: Uint8Array): Promise<string> {
  if (!existsSync(PDFSIG)) {
    throw new Error(
      "pdfsig is missing: install poppler-utils (apt-get install poppler-utils, or npm run ensure:chromium)",
    );
  }
  const dir = await mkdtemp(join(tmpdir(), "cura-pdfsig-"));
  try {
    const file = join(dir, "signed.pdf");
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)(PDFSIG, [file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? "",
    }));
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
