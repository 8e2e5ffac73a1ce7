import { z } from "zod";
import { envelope, pagedEnvelope, ZHashid, ZPageQuery } from "./common.ts";

/**
 * Documents to be signed (spec 002 §3 "Document to be signed", spec 001 §7 "Documents to sign",
 * issue 10). A company keeps templates; an operator creates a document from one with edited
 * `html_content` and assigns it to a reservation of the company; the reservation's citizen (or a
 * consenting caregiver "per conto di") opens it, scrolls to the end and signs it. The signed PDF is
 * sealed with the platform certificate and e-mailed to the citizen, the operator and the company.
 */

/** The longest `html_content` accepted, in characters, before and after sanitising. */
export const DOCUMENT_HTML_MAX = 100_000;
/** The longest name of a template or document. */
export const DOCUMENT_NAME_MAX = 120;
/** How many documents one assignment may carry. */
export const DOCUMENT_ASSIGN_MAX = 20;

export const DOCUMENT_MESSAGES = {
  templateNotFound: "Modello non trovato",
  documentNotFound: "Documento non trovato",
  reservationNotFound: "Prenotazione non trovata",
  required: "Campo obbligatorio",
  htmlRequired: "Il contenuto del documento è obbligatorio",
  htmlEmpty: "Il documento non contiene testo ammesso",
  htmlTooLong: `Il documento supera la dimensione massima di ${Math.round(DOCUMENT_HTML_MAX / 1000)} KB`,
  nameTooLong: `Al massimo ${DOCUMENT_NAME_MAX} caratteri`,
  tooMany: `Al massimo ${DOCUMENT_ASSIGN_MAX} documenti`,
  confirmRequired: "Conferma di aver letto il documento per firmarlo",
  notOpened: "Apri e leggi il documento prima di firmarlo",
  alreadySigned: "Il documento è già stato firmato",
  /** Another request is signing the same document right now. */
  signInProgress: "La firma del documento è già in corso",
  signedNotDeletable: "Un documento firmato non può essere eliminato",
  assignedElsewhere: "Il documento è già assegnato a un'altra prenotazione",
  notSigned: "Il documento non è ancora stato firmato",
  /** The spec's own message (spec 002 §8) when sealing fails. */
  signError: "Errore nella firma del documento",
  created: "Documento creato",
  templateSaved: "Modello salvato",
  assigned: "Documenti assegnati alla prenotazione",
  deleted: "Documento eliminato",
  signed: "Documento firmato: una copia è stata inviata per e-mail",
} as const;

/**
 * The HTML a document may hold: text structure only. No attributes, links, images, styles or
 * scripts: what the citizen signs is the text the operator wrote, and the same markup becomes the
 * PDF (html-to-pdfmake). The server sanitises every write to this list (sanitize-html).
 */
export const DOCUMENT_ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "blockquote",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

/**
 * Elements dropped together with their text (the rest of a disallowed element keeps its text): the
 * server's sanitiser and the editor's preview drop the same ones.
 */
export const DOCUMENT_DROPPED_TAGS = ["script", "style", "textarea", "option", "noscript", "title", "head"] as const;

const ZHtmlContent = z
  .string({ error: DOCUMENT_MESSAGES.htmlRequired })
  .trim()
  .min(1, DOCUMENT_MESSAGES.htmlRequired)
  .max(DOCUMENT_HTML_MAX, DOCUMENT_MESSAGES.htmlTooLong);

const ZDocumentName = z
  .string({ error: DOCUMENT_MESSAGES.required })
  .trim()
  .min(1, DOCUMENT_MESSAGES.required)
  .max(DOCUMENT_NAME_MAX, DOCUMENT_MESSAGES.nameTooLong);

export const ZDocumentTemplate = z.object({
  hashid: z.string(),
  name: z.string(),
  html_content: z.string(),
  updated_at: z.string(),
});
export type TDocumentTemplate = z.infer<typeof ZDocumentTemplate>;
export const ZDocumentTemplateListQuery = ZPageQuery;
export const ZDocumentTemplatePagedResponse = pagedEnvelope(ZDocumentTemplate);
export const ZDocumentTemplateResponse = envelope(ZDocumentTemplate);

/** Create or replace a company template (beyond the spec: the spec lists only the read). */
export const ZDocumentTemplateBody = z.object({ name: ZDocumentName, html_content: ZHtmlContent });
export type TDocumentTemplateBody = z.infer<typeof ZDocumentTemplateBody>;

/** `POST tobesigneddocuments` (spec 002 §3): a document from a template with the operator's edits. */
export const ZCreateDocumentBody = z.object({
  document_template_hashid: ZHashid,
  html_content: ZHtmlContent,
  /** Default: the template's name. */
  name: ZDocumentName.optional(),
});
export type TCreateDocumentBody = z.infer<typeof ZCreateDocumentBody>;

/** `POST tobesigneddocuments/assign-to-reservation` (spec 002 §3). */
export const ZAssignDocumentsBody = z.object({
  document_hashids: z
    .array(ZHashid, { error: DOCUMENT_MESSAGES.required })
    .min(1, DOCUMENT_MESSAGES.required)
    .max(DOCUMENT_ASSIGN_MAX, DOCUMENT_MESSAGES.tooMany),
  reservation_hashid: ZHashid,
});
export type TAssignDocumentsBody = z.infer<typeof ZAssignDocumentsBody>;

/** `POST tobesigneddocuments/{id}/sign`: the signer's explicit confirmation. */
export const ZSignDocumentBody = z.object({
  confirm: z.literal(true, { error: DOCUMENT_MESSAGES.confirmRequired }),
});
export type TSignDocumentBody = z.infer<typeof ZSignDocumentBody>;

export const DOCUMENT_STATUSES = ["non_assegnato", "da_firmare", "firmato"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const ZDocumentSummary = z.object({
  hashid: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  template: z.object({ hashid: z.string(), name: z.string() }).nullable(),
  reservation_hashid: z.string().nullable(),
  assigned_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** Who signed; `on_behalf_of` when a caregiver signed for the reservation's citizen. */
  signer: z.object({ full_name: z.string(), on_behalf_of: z.boolean() }).nullable(),
  /** Whether the person asking may sign it now (the citizen or a consenting caregiver, not yet signed). */
  can_sign: z.boolean(),
  created_at: z.string(),
});
export type TDocumentSummary = z.infer<typeof ZDocumentSummary>;
export const ZDocument = ZDocumentSummary.extend({
  html_content: z.string(),
  /** For a caregiver who may sign: the assisted citizen's name ("per conto di"); null otherwise. */
  on_behalf_of_name: z.string().nullable(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentResponse = envelope(ZDocument);
export const ZDocumentListQuery = ZPageQuery;
export const ZDocumentPagedResponse = pagedEnvelope(ZDocumentSummary);
export const ZDocumentMessageResponse = z.object({ message: z.string(), data: ZDocumentSummary });
/** The assignment's answer: the documents it names, as they now are, and the message. */
export const ZAssignDocumentsResponse = z.object({ data: z.array(ZDocumentSummary), message: z.string() });

/** File names of the downloads, shared by the API's content-disposition and the web's save dialog. */
export function documentFileName(name: string, signed: boolean): string {
  const base =
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase()
      .slice(0, 60) || "documento";
  return `${base}${signed ? "-firmato" : ""}.pdf`;
}
