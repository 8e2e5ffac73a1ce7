// Packages that ship no type declarations: the parts of their APIs the server uses. Files that
// import them reference this file, so every project that compiles them (api, e2e, scripts) sees it.

declare module "pdfmake" {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(callback: (url: string) => boolean): void;
    setLocalAccessPolicy(callback: (path: string) => boolean): void;
    createPdf(definition: Record<string, unknown>): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

declare module "html-to-pdfmake" {
  export default function htmlToPdfmake(html: string, options: { window: unknown }): unknown;
}
