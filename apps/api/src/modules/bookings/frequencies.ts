import {
  AGENDA_MESSAGES,
  type FrequencyUnit,
  fieldError,
  notFound,
  RECALL_LEAD_DAYS,
  type TFrequency,
  type TFrequencyCreateBody,
  type TFrequencyUpdateBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { type Principal, principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { addDays, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { healthServiceSettings, lockHealthService, ownCompanyId } from "../companies/index.ts";
import { isCitizen } from "../identity/index.ts";
import * as store from "./frequencies-repository.ts";
import { recordChange } from "./history.ts";
import * as repository from "./repository.ts";
import { actorKind } from "./scope.ts";

/**
 * Recurring reservations (spec 001 §3 "Recurring reservation", the operator's "recall"). An operator
 * sets one up for a patient at a health service of their company; a citizen may set one up for
 * themself at any company. Either party may suspend, edit or delete it; nobody else sees it (404).
 * The job runner books the next date RECALL_LEAD_DAYS ahead (status ricevuto: the company confirms
 * it like any request) and moves the date on; a date never gets two bookings.
 */

const TIME_ZONE = "Europe/Rome";
/** Bookings one recurrence may create in one run (a daily recall booked a week ahead makes 8). */
const MAX_PER_RUN = 31;
const DUE_BATCH = 500;

const today = () => zonedDate(Date.now(), TIME_ZONE);

/** The date `every` units after `date` (months keep the day, or the month's last day). */
export function nextOccurrence(date: string, every: number, unit: FrequencyUnit): string {
  if (unit === 2) return addDays(date, every);
  if (unit === 1) return addDays(date, every * 7);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const monthIndex = m - 1 + every;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

function present(ctx: ModuleContext, row: store.FrequencyWithNames): TFrequency {
  const f = row.frequency;
  return {
    hashid: ctx.ids.encode(f.id),
    enabled: f.enabled,
    user: { hashid: ctx.ids.encode(f.userId), name: row.name ?? "", surname: row.surname ?? "", cf: row.cf },
    company: { hashid: ctx.ids.encode(f.companyId), name: row.companyName },
    health_service: { hashid: ctx.ids.encode(f.healthServiceId), name: row.serviceName },
    every: f.every,
    unit: f.unit,
    next_date: f.nextDate,
    time: f.time.slice(0, 5),
    end_date: f.endDate,
    notes: f.notes,
    created_by: f.createdByType === 1 ? "operatore" : "cittadino",
    last_booking: f.lastBookingId === null ? null : ctx.ids.encode(f.lastBookingId),
    bookings_created: row.occurrences,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

async function found(ctx: ModuleContext, id: number): Promise<TFrequency> {
  const row = await store.findFrequency(ctx.db, id);
  if (!row) throw notFound();
  return present(ctx, row);
}

const decode = (ctx: ModuleContext, hashid: string): number => {
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  return id;
};

/**
 * The health service a principal may book again and again: an operator only their company's, a
 * citizen any company's active one.
 */
async function serviceFor(ctx: ModuleContext, db: Executor, principal: Principal, hashid: string) {
  const service = await healthServiceSettings(db, decode(ctx, hashid));
  if (!service) throw notFound();
  if (actorKind(principal) === "operator" && service.companyId !== ownCompanyId(principal)) throw notFound();
  if (!service.active) throw fieldError("health_service", AGENDA_MESSAGES.serviceInactive);
  return service;
}

/** Whose recurrence: an operator names a citizen (the patient); a citizen is always themself. */
async function patientFor(ctx: ModuleContext, principal: Principal, hashid: string | undefined): Promise<number> {
  if (actorKind(principal) === "citizen") {
    if (hashid && hashid !== "own" && ctx.ids.decode(hashid) !== principal.userId) throw notFound();
    return principal.userId;
  }
  if (!hashid) throw fieldError("user", AGENDA_MESSAGES.patientRequired);
  const userId = decode(ctx, hashid);
  if (!(await isCitizen(ctx.db, userId))) throw notFound();
  return userId;
}

function schedule(body: TFrequencyUpdateBody) {
  if (body.next_date < today()) throw fieldError("next_date", AGENDA_MESSAGES.nextDatePast);
  return {
    every: body.every,
    unit: body.unit,
    nextDate: body.next_date,
    time: body.time,
    endDate: body.end_date ?? null,
    notes: body.notes?.length ? body.notes : null,
  };
}

/** Someone else's recurrence is a 404: a citizen acts on their own, an operator on their company's. */
function assertParty(principal: Principal, row: store.FrequencyRow | null): asserts row is store.FrequencyRow {
  if (!row) throw notFound();
  if (actorKind(principal) === "operator" ? row.companyId !== ownCompanyId(principal) : row.userId !== principal.userId)
    throw notFound();
}

export async function createFrequency(
  ctx: ModuleContext,
  request: FastifyRequest,
  body: TFrequencyCreateBody,
): Promise<TFrequency> {
  const principal = principalOf(request);
  const userId = await patientFor(ctx, principal, body.user);
  const service = await serviceFor(ctx, ctx.db, principal, body.health_service);
  const id = await store.insertFrequency(ctx.db, {
    userId,
    companyId: service.companyId,
    healthServiceId: service.id,
    enabled: body.enabled ?? true,
    ...schedule(body),
    createdByType: principal.type,
    createdBy: principal.userId,
  });
  return found(ctx, id);
}

/** `GET reservations/frequencies/users/{id}`: the citizen's own, or an operator's patient's at their company. */
export async function listForUser(ctx: ModuleContext, principal: Principal, hashid: string): Promise<TFrequency[]> {
  const rows =
    actorKind(principal) === "citizen"
      ? await store.listByUser(ctx.db, await patientFor(ctx, principal, hashid))
      : await store.listByUser(ctx.db, decode(ctx, hashid), ownCompanyId(principal));
  return rows.map((row) => present(ctx, row));
}

export async function listForCompany(ctx: ModuleContext, principal: Principal): Promise<TFrequency[]> {
  return (await store.listByCompany(ctx.db, ownCompanyId(principal))).map((row) => present(ctx, row));
}

export async function setEnabled(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  enabled: boolean,
): Promise<TFrequency> {
  const id = decode(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    assertParty(principal, await store.lockFrequency(tx, id));
    await store.updateFrequency(tx, id, { enabled });
  });
  return found(ctx, id);
}

export async function updateFrequency(
  ctx: ModuleContext,
  principal: Principal,
  hashid: string,
  body: TFrequencyUpdateBody,
): Promise<TFrequency> {
  const id = decode(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    assertParty(principal, await store.lockFrequency(tx, id));
    const service = await serviceFor(ctx, tx, principal, body.health_service);
    await store.updateFrequency(tx, id, {
      companyId: service.companyId,
      healthServiceId: service.id,
      ...schedule(body),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    });
  });
  return found(ctx, id);
}

/** Deleting a recurrence keeps the bookings it already made (they are the parties' to handle). */
export async function deleteFrequency(ctx: ModuleContext, principal: Principal, hashid: string): Promise<void> {
  const id = decode(ctx, hashid);
  await ctx.db.transaction(async (tx) => {
    assertParty(principal, await store.lockFrequency(tx, id));
    await store.deleteFrequency(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// The job.

/**
 * The history and the audit log need a request; the job has none. Its actor is the system: no
 * user, no address, a request id naming the job (notifications then tell both parties).
 */
function systemRequest(job: string): FastifyRequest {
  return { principal: undefined, ip: null, id: `job:${job}` } as unknown as FastifyRequest;
}

export const RECALL_JOB = "recall-bookings";

/**
 * Books every enabled recurrence whose next date is within RECALL_LEAD_DAYS of `now`. Each
 * recurrence is one transaction: claim its row (SKIP LOCKED, so two instances never work on the
 * same one), book each due date, record the date (a unique key: never twice), move the date on.
 * Dates already past are skipped, not booked late. Returns the bookings made.
 */
export async function createDueBookings(ctx: ModuleContext, now: number = Date.now()): Promise<number> {
  const first = zonedDate(now, TIME_ZONE);
  const horizon = addDays(first, RECALL_LEAD_DAYS);
  const request = systemRequest(RECALL_JOB);
  let created = 0;
  const failures: unknown[] = [];
  for (const id of await store.dueFrequencyIds(ctx.db, horizon, DUE_BATCH)) {
    try {
      created += await bookDue(ctx, id, now, first, horizon, request);
    } catch (error) {
      // One broken recurrence must not stop the others; the runner logs the failures.
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} recurrences failed`);
  return created;
}

async function bookDue(
  ctx: ModuleContext,
  id: number,
  now: number,
  first: string,
  horizon: string,
  request: FastifyRequest,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const f = await store.claimFrequency(tx, id);
    if (!f?.enabled) return 0;
    const info = await lockHealthService(tx, f.healthServiceId);
    if (!info?.active) return 0;
    const unit = f.unit as FrequencyUnit;
    let date = f.nextDate;
    let lastBookingId = f.lastBookingId;
    let made = 0;
    const startOf = (day: string) => new Date(zonedToInstant(day, f.time.slice(0, 5), TIME_ZONE));
    // Dates already past (the platform was down, or today's time has gone) are skipped, not booked late.
    while (date < first || startOf(date).getTime() < now) date = nextOccurrence(date, f.every, unit);
    while (date <= horizon && (f.endDate === null || date <= f.endDate) && made < MAX_PER_RUN) {
      const startAt = new Date(zonedToInstant(date, f.time.slice(0, 5), TIME_ZONE));
      const bookingId = await repository.insertBooking(tx, {
        companyId: f.companyId,
        healthServiceId: f.healthServiceId,
        userId: f.userId,
        kind: "prestazione",
        status: "ricevuto",
        startAt,
        endAt: new Date(startAt.getTime() + info.slotMinutes * 60_000),
        notes: f.notes,
      });
      // A date that already has its booking: undo this whole run of the recurrence.
      if (!(await store.insertOccurrence(tx, { frequencyId: f.id, date, bookingId })))
        throw new Error(`recurrence ${f.id} already booked ${date}`);
      await recordChange(tx, request, {
        bookingId,
        companyId: f.companyId,
        action: "created",
        from: null,
        to: "ricevuto",
        detail: { start: startAt.toISOString(), recurring: ctx.ids.encode(f.id) },
      });
      lastBookingId = bookingId;
      made += 1;
      date = nextOccurrence(date, f.every, unit);
    }
    await store.updateFrequency(tx, f.id, { nextDate: date, lastBookingId });
    return made;
  });
}
