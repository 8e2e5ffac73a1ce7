/// <reference path="../types/vendor.d.ts" />
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The one pdfmake of the server. pdfmake is a process-wide singleton: its fonts and access policies
 * are set on the module object, and `setFonts` replaces what an earlier caller set. So every module
 * that writes PDFs (documents, the health file's therapy sheets) takes it from here, configured once
 * with the Roboto family pdfmake ships, instead of configuring it again (a second configuration
 * dropped the first one's fonts: a therapy PDF failed after any document PDF had been made).
 *
 * Imported on first use: the library is heavy and only the PDF routes need it.
 */

export const PDF_FONT = "Roboto";

type PdfMake = typeof import("pdfmake")["default"];

let engine: Promise<PdfMake> | null = null;

export function loadPdfmake(): Promise<PdfMake> {
  engine ??= (async () => {
    const { default: pdfmake } = await import("pdfmake");
    const fontDir = join(dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")), "fonts", "Roboto");
    pdfmake.setFonts({
      [PDF_FONT]: {
        normal: join(fontDir, "Roboto-Regular.ttf"),
        bold: join(fontDir, "Roboto-Medium.ttf"),
        italics: join(fontDir, "Roboto-Italic.ttf"),
        bolditalics: join(fontDir, "Roboto-MediumItalic.ttf"),
      },
    });
    // The server's PDFs hold text and tables, no links or images: nothing is fetched, only the fonts read.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDir));
    return pdfmake;
  })();
  return engine;
}
