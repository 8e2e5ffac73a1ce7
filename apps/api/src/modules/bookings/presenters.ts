import { BOOKING_STATUS_LABELS, type BookingStatus, type TBooking } from "@cura/domain";
import type { ModuleContext } from "../../platform/module.ts";
import type { BookingWithNames } from "./repository.ts";

export function presentBooking(ctx: ModuleContext, row: BookingWithNames): TBooking {
  const b = row.booking;
  const status = b.status as BookingStatus;
  return {
    hashid: ctx.ids.encode(b.id),
    kind: b.kind,
    status,
    status_label: BOOKING_STATUS_LABELS[status],
    health_service:
      b.healthServiceId === null ? null : { hashid: ctx.ids.encode(b.healthServiceId), name: row.serviceName ?? "" },
    company: { hashid: ctx.ids.encode(b.companyId), name: row.companyName },
    citizen: { hashid: ctx.ids.encode(b.userId), name: row.citizenName ?? "", surname: row.citizenSurname ?? "" },
    family_member:
      b.familyMemberId === null
        ? null
        : { hashid: ctx.ids.encode(b.familyMemberId), name: row.memberName ?? "", surname: row.memberSurname ?? "" },
    start: b.startAt?.toISOString() ?? null,
    end: b.endAt?.toISOString() ?? null,
    preferences: b.preferences ?? null,
    products: b.products ?? null,
    nre: b.nre,
    rev: b.rev,
    proposed_start: b.proposedStartAt?.toISOString() ?? null,
    proposed_end: b.proposedEndAt?.toISOString() ?? null,
    notes: b.notes,
    operator_notes: b.operatorNotes,
    refusal_reason: b.refusalReason,
    cancellation_reason: b.cancellationReason,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}
