import { createHash } from "node:crypto";
import {
  conflict,
  DOCUMENT_MESSAGES,
  DomainError,
  documentFileName,
  notFound,
  type TDocumentSummary,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { principalOf } from "../../platform/auth/access.ts";
import { release, reserve } from "../../platform/limiter/limiter.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { findCompany } from "../companies/index.ts";
import { currentUser } from "../identity/index.ts";
import type { DocumentRole } from "./access.ts";
import { signingCertificate } from "./pdf/certificate.ts";
import { renderDocumentPdf } from "./pdf/render.ts";
import { sealPdf } from "./pdf/seal.ts";
import { presentDocumentSummary } from "./presenters.ts";
import * as repository from "./repository.ts";
import { accessibleDocument } from "./service.ts";

/**
 * Signing (spec 001 §4 "Document signing", issue 10): the reservation's citizen, or a caregiver
 * they enabled ("per conto di"), who opened the document, confirms. The signed PDF is the document
 * plus the 'Registro di firma' page, sealed (PAdES) with the platform certificate, kept with the
 * unsigned PDF whose SHA-256 the page prints, and e-mailed to the citizen, the operator and the company.
 */

const romeFormat = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});

type Person = { email: string | null; fullName: string; taxCode: string | null };

async function person(ctx: ModuleContext, userId: number | null): Promise<Person | null> {
  if (userId === null) return null;
  try {
    const user = await currentUser(ctx, userId);
    const a = user.anagrafica;
    return {
      email: user.email,
      fullName: a ? `${a.name} ${a.surname}`.trim() : (user.username ?? ""),
      taxCode: a?.cf ?? null,
    };
  } catch {
    // A removed account: nobody to name or to e-mail.
    return null;
  }
}

/** How long a signing in progress keeps its document's slot at most (a crashed one frees it then). */
const SIGNING_SLOT_SECONDS = 120;

export async function signDocument(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TDocumentSummary> {
  const principal = principalOf(request);
  const { row, role } = await accessibleDocument(ctx, principal, hashid);
  if (role.kind === "operator") throw notFound(DOCUMENT_MESSAGES.documentNotFound);
  const doc = row.doc;
  if (doc.signedAt) throw conflict(DOCUMENT_MESSAGES.alreadySigned);
  // The signing page enables the button only after the text was shown; the server asks for the
  // signer's own opening (the citizen's reading does not let a caregiver sign unread, nor the reverse).
  if (!doc.openedAt || doc.openedBy !== principal.userId) throw conflict(DOCUMENT_MESSAGES.notOpened);

  // Rendering and sealing are the costly part: one request per document does them at a time. The
  // slot is reserved atomically before the work (parallel requests cannot all pass a check made
  // before any of them wrote), given back when the signing fails, and kept once it stands.
  const reservation = await reserve(ctx.db, {
    key: `document-sign:${doc.id}`,
    limit: 1,
    windowSeconds: SIGNING_SLOT_SECONDS,
  });
  if (!reservation.allowed) throw conflict(DOCUMENT_MESSAGES.signInProgress);
  let sealed: Awaited<ReturnType<typeof sealAndRecord>>;
  try {
    sealed = await sealAndRecord(ctx, request, doc, role);
  } catch (error) {
    await release(ctx.db, reservation.slot);
    throw error;
  }
  const { signed, signer, citizen, operator, company, signedPdf } = sealed;

  await mailSignedCopy(ctx, request, {
    recipients: [
      role.kind === "caregiver" ? citizen?.email : signer.email,
      role.kind === "caregiver" ? signer.email : null,
      operator?.email,
      company.email,
    ],
    name: doc.name,
    companyName: company.name,
    signerName: signer.fullName,
    signedPdf,
  });
  return presentDocumentSummary(ctx, { doc: signed, templateName: row.templateName }, role);
}

/** The unsigned PDF, the audit page, the seal; then the signature, its files and its audit record. */
async function sealAndRecord(
  ctx: ModuleContext,
  request: FastifyRequest,
  doc: repository.DocumentRow,
  role: Exclude<DocumentRole, { kind: "operator" }>,
) {
  const principal = principalOf(request);
  const certificate = await signingCertificate(ctx.config);
  if (!certificate) {
    request.log.error("no signing certificate: set SIGNING_P12 (and SIGNING_P12_PASSPHRASE) to a readable PKCS#12");
    throw new DomainError("unavailable", { message: DOCUMENT_MESSAGES.signError });
  }
  const [signer, citizen, operator, company] = await Promise.all([
    person(ctx, principal.userId),
    role.kind === "caregiver" ? person(ctx, role.citizenId) : Promise.resolve(null),
    person(ctx, doc.createdBy),
    findCompany(ctx.db, doc.companyId),
  ]);
  if (!signer || !company) throw notFound(DOCUMENT_MESSAGES.documentNotFound);

  const signedAt = new Date();
  const base = { title: doc.name, companyName: company.name, html: doc.htmlContent, createdAt: doc.createdAt };
  const unsignedPdf = await renderDocumentPdf(base);
  const unsignedSha256 = createHash("sha256").update(unsignedPdf).digest("hex");
  const documentId = ctx.ids.encode(doc.id);
  const withAudit = await renderDocumentPdf({
    ...base,
    audit: {
      signer: signer.fullName,
      taxCode: signer.taxCode ?? "non indicato",
      onBehalfOf: citizen ? `${citizen.fullName}${citizen.taxCode ? ` (${citizen.taxCode})` : ""}` : null,
      romeTime: `${romeFormat.format(signedAt)} (Europe/Rome)`,
      utcTime: `${signedAt
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, "")} UTC`,
      ip: request.ip,
      unsignedSha256,
      documentId,
    },
  });
  const signedPdf = await sealPdf(withAudit, certificate, {
    reason: `Firma di ${signer.fullName} sul documento ${documentId}`,
    name: "Cura",
    location: "Italia",
    signingTime: signedAt,
  });

  const signed = await ctx.db.transaction(async (tx) => {
    // One signature: a request that signed first (its slot already left the window) makes this a 409.
    const updated = await repository.markSigned(tx, doc.id, {
      signedAt,
      signedBy: principal.userId,
      signedOnBehalfOf: role.kind === "caregiver" ? role.citizenId : null,
      signerName: signer.fullName,
      signerTaxCode: signer.taxCode,
      signerIp: request.ip,
      unsignedSha256,
    });
    if (!updated) throw conflict(DOCUMENT_MESSAGES.alreadySigned);
    await repository.insertSignedFiles(tx, { documentId: doc.id, unsignedPdf, signedPdf });
    await recordAudit(tx, actorOf(request), {
      action: "sign",
      entity: "to_be_signed_document",
      entityId: doc.id,
      companyId: doc.companyId,
      detail: { on_behalf_of: role.kind === "caregiver", unsigned_sha256: unsignedSha256 },
    });
    return updated;
  });
  return { signed, signer, citizen, operator, company, signedPdf };
}

async function mailSignedCopy(
  ctx: ModuleContext,
  request: FastifyRequest,
  input: {
    recipients: Array<string | null | undefined>;
    name: string;
    companyName: string;
    signerName: string;
    signedPdf: Buffer;
  },
): Promise<void> {
  const addresses = [...new Set(input.recipients.filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
  const filename = documentFileName(input.name, true);
  const results = await Promise.allSettled(
    addresses.map((to) =>
      ctx.mailer.send({
        to,
        subject: `Documento firmato: ${input.name}`,
        text:
          `Il documento "${input.name}" di ${input.companyName} è stato firmato da ${input.signerName}.\n` +
          `In allegato la copia firmata (${filename}), sigillata dalla piattaforma Cura.`,
        attachments: [{ filename, content: input.signedPdf, contentType: "application/pdf" }],
      }),
    ),
  );
  // The signature stands whatever the mail does; a copy stays downloadable from the reservation.
  for (const result of results) {
    if (result.status === "rejected") request.log.warn({ err: result.reason }, "signed document mail failed");
  }
}

/** The PDF a file route answers: unsigned (`pdf`), signed (`signed-pdf`), or the current one (`download`). */
export async function documentFile(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  which: "unsigned" | "signed" | "current",
): Promise<{ bytes: Buffer; fileName: string }> {
  const { row } = await accessibleDocument(ctx, principalOf(request), hashid);
  const doc = row.doc;
  const files = doc.signedAt ? await repository.signedFiles(ctx.db, doc.id) : null;
  if (which === "signed" || (which === "current" && files)) {
    if (!files) throw notFound(DOCUMENT_MESSAGES.notSigned);
    return { bytes: files.signedPdf, fileName: documentFileName(doc.name, true) };
  }
  if (files) return { bytes: files.unsignedPdf, fileName: documentFileName(doc.name, false) };
  const company = await findCompany(ctx.db, doc.companyId);
  const bytes = await renderDocumentPdf({
    title: doc.name,
    companyName: company?.name ?? "",
    html: doc.htmlContent,
    createdAt: doc.createdAt,
  });
  return { bytes, fileName: documentFileName(doc.name, false) };
}
