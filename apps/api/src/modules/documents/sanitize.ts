import {
  DOCUMENT_ALLOWED_TAGS,
  DOCUMENT_DROPPED_TAGS,
  DOCUMENT_HTML_MAX,
  DOCUMENT_MESSAGES,
  fieldError,
} from "@cura/domain";

/**
 * The document's HTML reduced to DOCUMENT_ALLOWED_TAGS, without any attribute: what an operator
 * pastes from a word processor keeps its structure, and nothing can run, link or load in the
 * citizen's page or in the PDF. DOCUMENT_DROPPED_TAGS (script, style…) go with their content. A text with
 * nothing left, or grown past the limit (entities), is a 422 on `html_content`.
 */
export async function sanitizeDocumentHtml(html: string): Promise<string> {
  // Imported on first use: only documents need it, and it keeps about 19 MB resident once loaded.
  const { default: sanitizeHtml } = await import("sanitize-html");
  const clean = sanitizeHtml(html, {
    allowedTags: [...DOCUMENT_ALLOWED_TAGS],
    allowedAttributes: {},
    disallowedTagsMode: "discard",
    nonTextTags: [...DOCUMENT_DROPPED_TAGS],
  }).trim();
  if (sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === "") {
    throw fieldError("html_content", DOCUMENT_MESSAGES.htmlEmpty);
  }
  if (clean.length > DOCUMENT_HTML_MAX) throw fieldError("html_content", DOCUMENT_MESSAGES.htmlTooLong);
  return clean;
}
