import { documentFileName } from "@cura/domain";
import { api } from "../../../lib/api.ts";

/** The document's PDFs, fetched with the bearer token (a plain link cannot send it) and saved. */
export type DocumentFileKind = "pdf" | "signed-pdf" | "download";

export async function downloadDocumentFile(
  document: { hashid: string; name: string; status: string },
  kind: DocumentFileKind,
): Promise<void> {
  const blob = await api.blob(`tobesigneddocuments/${encodeURIComponent(document.hashid)}/${kind}`);
  const signed = kind === "signed-pdf" || (kind === "download" && document.status === "firmato");
  const href = URL.createObjectURL(blob);
  const link = window.document.createElement("a");
  link.href = href;
  link.download = documentFileName(document.name, signed);
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
