import { PLATFORM_SERVICES, type TTeleconsult } from "@cura/domain";
import type { ModuleContext } from "../../platform/module.ts";
import { type AttachmentRow, attachmentsOf, type TeleconsultWithNames } from "./repository.ts";

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** The name a teleconsultation's service shows: the specialist health service, else the platform service. */
export function serviceNameOf(row: TeleconsultWithNames): string {
  return (
    row.booking?.service ?? PLATFORM_SERVICES[row.t.positionRef as keyof typeof PLATFORM_SERVICES] ?? "Teleconsulto"
  );
}

export function presentTeleconsult(
  ctx: ModuleContext,
  row: TeleconsultWithNames,
  attachments: AttachmentRow[] = [],
): TTeleconsult {
  const { t } = row;
  return {
    hashid: ctx.ids.encode(t.bookingId),
    kind: t.kind,
    status: (row.booking?.status ?? "annullato") as TTeleconsult["status"],
    reason: t.reason,
    deadline: iso(t.deadline),
    start: iso(row.booking?.start),
    end: iso(row.booking?.end),
    taken_at: iso(t.takenAt),
    connected_at: iso(t.connectedAt),
    ended_at: iso(t.endedAt),
    end_reason: t.endReason,
    created_at: t.createdAt.toISOString(),
    service: { name: serviceNameOf(row) },
    company: { hashid: ctx.ids.encode(t.companyId), name: row.companyName },
    citizen: { hashid: ctx.ids.encode(t.userId), name: row.citizenName ?? "", surname: row.citizenSurname ?? "" },
    family_member:
      t.familyMemberId === null
        ? null
        : { hashid: ctx.ids.encode(t.familyMemberId), name: row.memberName ?? "", surname: row.memberSurname ?? "" },
    operator:
      t.operatorId === null
        ? null
        : { hashid: ctx.ids.encode(t.operatorId), name: row.operatorName ?? "", surname: row.operatorSurname ?? "" },
    attachments: attachments.map((a) => {
      const hashid = ctx.ids.encode(a.fileId);
      return { hashid, name: a.name, full_path: `/api/v1/resources/private/${hashid}` };
    }),
  };
}

/** Teleconsultations with their attachments, read for all of them in one query. */
export async function presentTeleconsults(ctx: ModuleContext, rows: TeleconsultWithNames[]): Promise<TTeleconsult[]> {
  const attachments = await attachmentsOf(
    ctx.db,
    rows.map((row) => row.t.bookingId),
  );
  return rows.map((row) => presentTeleconsult(ctx, row, attachments.get(row.t.bookingId)));
}
