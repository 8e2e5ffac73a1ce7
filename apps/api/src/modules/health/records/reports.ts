import {
  CLINICAL_REPORT_UPLOAD_REF,
  DomainError,
  fieldError,
  forbidden,
  HEALTH_RECORD_MESSAGES,
  HEALTH_UPLOAD_DESTINATIONS,
  notFound,
  OTP_STATUS,
  REPORT_SIGNING_OTP_CAUSE,
  type TClinicalReport,
  type TSignedReportBody,
  type TUploadedReportFields,
  USER_TYPES,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Transaction } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { isCompanyServiceActive } from "../../billing/index.ts";
import { findCompany } from "../../companies/index.ts";
import {
  type IncomingFile,
  invalidFile,
  readPrivateFile,
  type StoredUpload,
  storeUploadsWith,
} from "../../files/index.ts";
import { verifyOtp } from "../../identity/index.ts";
import type { HealthSubject } from "../access.ts";
import { recordCompanyHealthReads, recordHealthRead } from "../read-log.ts";
import { iso, metaOf, type PageQuery, pageOf, subjectOf } from "./common.ts";
import { namesOf, personFacts } from "./people.ts";
import { reportPdf } from "./report-pdf.ts";
import * as repository from "./repository.ts";

/**
 * Clinical reports (spec 001 §3, §4 "Reports"; spec 002 §7 `POST clinicalreports`): written and signed
 * by an operator (a PDF with their name, register id and date, made once and stored; a one-time code
 * to their phone first where the company requires it), or uploaded as a file (only with the company's
 * active subscription: 403 'Servizio non attivo'). The person's first download marks the report, and
 * the operators see 'scaricato' / 'non ancora scaricato'.
 *
 * A report is its company's: its operators list it; other companies do not. The person's side reads
 * every company's reports about them.
 */

type ReportQuery = PageQuery & { user_id?: string | undefined; discharge?: boolean | undefined };

function present(ctx: ModuleContext, row: repository.ReportRow, names: Map<number, string>): TClinicalReport {
  const id = ctx.ids.encode(row.id);
  return {
    id,
    patient_id: ctx.ids.encode(row.patientId),
    patient_name: names.get(row.patientId) ?? null,
    kind: row.kind,
    title: row.title,
    discharge: row.discharge,
    author: row.signerName ?? (row.authorId === null ? null : (names.get(row.authorId) ?? null)),
    register_id: row.registerId,
    company: row.companyName,
    signed_at: iso(row.signedAt),
    downloaded_at: iso(row.downloadedAt),
    url: `/api/v1/clinicalreports/${id}/file`,
    created_at: row.createdAt.toISOString(),
  };
}

async function presentPage(ctx: ModuleContext, rows: repository.ReportRow[]) {
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => (r.authorId === null ? [r.patientId] : [r.patientId, r.authorId])),
  );
  return rows.map((r) => present(ctx, r, names));
}

/**
 * `GET clinicalreports` (?user_id, ?discharge): an operator's company's reports (all its patients, or
 * one); the person's side, the reports about them (own file, or `user_id` for a caregiver).
 */
export async function listReports(ctx: ModuleContext, request: FastifyRequest, query: ReportQuery) {
  const principal = principalOf(request);
  if (principal.type === USER_TYPES.operator && !query.user_id) {
    if (principal.companyId === null) throw notFound();
    const { rows, total } = await repository.listReports(
      ctx.db,
      { kind: "company", companyId: principal.companyId, discharge: query.discharge },
      pageOf(query),
    );
    await recordCompanyHealthReads(
      ctx,
      request,
      rows.map((r) => r.patientId),
      "referti",
    );
    return { data: await presentPage(ctx, rows), meta: metaOf(query, total) };
  }
  const subject = await subjectOf(ctx, request, query.user_id);
  const scope: repository.ReportScope =
    subject.viewer.kind === "operator"
      ? {
          kind: "company",
          companyId: subject.viewer.companyId,
          patientId: subject.patientId,
          discharge: query.discharge,
        }
      : { kind: "patient", patientId: subject.patientId, discharge: query.discharge };
  const { rows, total } = await repository.listReports(ctx.db, scope, pageOf(query));
  const data = await presentPage(ctx, rows);
  await recordHealthRead(ctx, request, subject, "referti");
  return { data, meta: metaOf(query, total) };
}

function operatorOf(subject: HealthSubject) {
  if (subject.viewer.kind !== "operator") throw forbidden();
  return subject.viewer;
}

async function getReport(ctx: ModuleContext, id: number): Promise<TClinicalReport> {
  const row = await repository.findReport(ctx.db, id);
  if (!row) throw notFound();
  return (await presentPage(ctx, [row]))[0] as TClinicalReport;
}

async function insertWithAudit(
  tx: Transaction,
  request: FastifyRequest,
  values: Parameters<typeof repository.insertReport>[1],
): Promise<number> {
  const id = await repository.insertReport(tx, values);
  await recordAudit(tx, actorOf(request), {
    action: values.kind === "firmato" ? "clinical_report.signed" : "clinical_report.uploaded",
    entity: "clinical_report",
    entityId: id,
    companyId: values.companyId,
    detail: { patient: values.patientId, discharge: values.discharge ?? false },
  });
  return id;
}

const storeOne = <T>(
  ctx: ModuleContext,
  request: FastifyRequest,
  file: IncomingFile,
  use: (tx: Transaction, stored: StoredUpload) => Promise<T>,
) =>
  storeUploadsWith(
    ctx,
    principalOf(request),
    {
      destination: HEALTH_UPLOAD_DESTINATIONS.report,
      encrypt: true,
      has_owner: false,
      read_nre: false,
      name: file.filename,
    },
    [file],
    async (tx, [stored]) => {
      if (!stored) throw invalidFile();
      return use(tx, stored);
    },
  );

/** `POST clinicalreports` (JSON): the operator writes and signs a report on a patient of their company. */
export async function signReport(ctx: ModuleContext, request: FastifyRequest, body: TSignedReportBody) {
  const subject = await subjectOf(ctx, request, body.user_id);
  const viewer = operatorOf(subject);
  if (await repository.otpRequired(ctx.db, viewer.companyId)) {
    if (!body.otp) throw fieldError("otp", HEALTH_RECORD_MESSAGES.reportOtpRequired);
    const principal = principalOf(request);
    // identity's check: the code must be the signer's own, sent to sign a report, fresh, and right
    // (attempts counted there); a code sent for anything else (a phone verification) signs nothing.
    const result = await verifyOtp(ctx, request, principal, principal.hashid, body.otp, REPORT_SIGNING_OTP_CAUSE).catch(
      (error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      },
    );
    if (result?.status !== OTP_STATUS.verified) throw fieldError("otp", HEALTH_RECORD_MESSAGES.reportOtpWrong);
  }
  const signedAt = new Date();
  const [names, patient, company] = [
    await namesOf(ctx.db, [viewer.userId]),
    await personFacts(ctx.db, subject.patientId),
    await companyNameOf(ctx, viewer.companyId),
  ];
  const signerName = names.get(viewer.userId) ?? "";
  const pdf = await reportPdf({
    title: body.title,
    body: body.body,
    patientName: patient ? `${patient.name} ${patient.surname}` : "",
    patientTaxCode: patient?.cf ?? null,
    companyName: company,
    signerName,
    registerId: body.register_id,
    signedAt,
  });
  const file = {
    filename: `${body.title.replace(/[^\p{L}\p{N} _-]/gu, "").slice(0, 80) || "referto"}.pdf`,
    bytes: pdf,
  };
  const id = await storeOne(ctx, request, file, (tx, stored) =>
    insertWithAudit(tx, request, {
      patientId: subject.patientId,
      companyId: viewer.companyId,
      authorId: viewer.userId,
      kind: "firmato",
      title: body.title,
      body: body.body,
      discharge: body.discharge,
      signerName,
      registerId: body.register_id,
      signedAt,
      fileId: stored.id,
    }),
  );
  return { data: await getReport(ctx, id), message: HEALTH_RECORD_MESSAGES.reportSigned };
}

async function companyNameOf(ctx: ModuleContext, companyId: number): Promise<string> {
  return (await findCompany(ctx.db, companyId))?.name ?? "";
}

/** `POST clinicalreports` (multipart: file, title, user_id, discharge): an uploaded report. */
export async function uploadReport(
  ctx: ModuleContext,
  request: FastifyRequest,
  fields: TUploadedReportFields,
  files: IncomingFile[],
) {
  const subject = await subjectOf(ctx, request, fields.user_id);
  const viewer = operatorOf(subject);
  if (!(await isCompanyServiceActive(ctx.db, viewer.companyId, CLINICAL_REPORT_UPLOAD_REF, new Date()))) {
    throw forbidden(HEALTH_RECORD_MESSAGES.serviceNotActive);
  }
  const file = files[0];
  if (!file || files.length !== 1) throw fieldError("file", HEALTH_RECORD_MESSAGES.reportNeedsFile);
  const id = await storeOne(ctx, request, file, (tx, stored) =>
    insertWithAudit(tx, request, {
      patientId: subject.patientId,
      companyId: viewer.companyId,
      authorId: viewer.userId,
      kind: "caricato",
      title: fields.title,
      discharge: fields.discharge,
      fileId: stored.id,
    }),
  );
  return { data: await getReport(ctx, id), message: HEALTH_RECORD_MESSAGES.reportSaved };
}

/**
 * `GET clinicalreports/{id}/file`: the PDF or uploaded file. The person's (or their caregiver's) first
 * download marks the report as downloaded; an operator's does not.
 */
export async function downloadReport(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findReport(ctx.db, id);
  if (!row || row.fileId === null) throw notFound();
  const subject = await subjectOf(ctx, request, ctx.ids.encode(row.patientId));
  if (subject.viewer.kind === "operator" && subject.viewer.companyId !== row.companyId) throw notFound();
  await recordHealthRead(ctx, request, subject, "referti", hashid);
  const file = await readPrivateFile(ctx, principalOf(request), ctx.ids.encode(row.fileId));
  if (subject.viewer.kind !== "operator") await repository.markReportDownloaded(ctx.db, row.id, new Date());
  return file;
}

/** `GET clinicalreports/settings`: the operator's company's rule for signing, and whether it may upload. */
export async function reportSettings(ctx: ModuleContext, request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.companyId === null) throw notFound();
  return {
    otp_required: await repository.otpRequired(ctx.db, principal.companyId),
    upload_allowed: await isCompanyServiceActive(ctx.db, principal.companyId, CLINICAL_REPORT_UPLOAD_REF, new Date()),
    otp_cause: REPORT_SIGNING_OTP_CAUSE,
  };
}

/** `PUT clinicalreports/settings` (permission 'gestire impostazioni dei servizi'). */
export async function updateReportSettings(ctx: ModuleContext, request: FastifyRequest, otpRequired: boolean) {
  const principal = principalOf(request);
  const companyId = principal.companyId;
  if (companyId === null) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await repository.setOtpRequired(tx, companyId, otpRequired);
    await recordAudit(tx, actorOf(request), {
      action: "clinical_report.settings",
      entity: "company",
      entityId: companyId,
      companyId,
      detail: { otp_required: otpRequired },
    });
  });
  return reportSettings(ctx, request);
}
