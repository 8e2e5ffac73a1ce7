import {
  CARE_MESSAGES,
  conflict,
  fieldError,
  notFound,
  type TCaregiverRelation,
  type TOwnCaregivers,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { actorOf, recordAudit } from "../../platform/audit/audit.ts";
import { principalOf } from "../../platform/auth/access.ts";
import type { Ids } from "../../platform/ids.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surface: both sides of a relation hear of each change in their notification centre.
import { notifyUser } from "../notifications/index.ts";
import * as repository from "./caregivers-repository.ts";
import { presentPerson, visiblePerson } from "./people.ts";
import { resolveCode } from "./user-code.ts";

/** What an assisted person lets a caregiver do (spec 001 §3 caregiver relation). */
export interface CaregiverGrant {
  /** The assisted person approved the relation and has not disabled it since. */
  enabled: boolean;
  /** The separate 'gestione dati sanitari' consent: reading and writing the health file. */
  healthData: boolean;
}

/**
 * The relation in which `caregiverId` cares for `assistedId`, or null when there is none. Other
 * modules ask it before acting for someone else (health data, bookings for the assisted person).
 * A pending or rejected invitation grants nothing; a disabled relation keeps its row (the person may
 * re-enable it) but is not enabled, and its health-data consent counts only while enabled.
 */
export async function caregiverGrant(
  db: Executor,
  caregiverId: number,
  assistedId: number,
): Promise<CaregiverGrant | null> {
  const row = await repository.findRelation(db, caregiverId, assistedId);
  if (!row || row.status === "pending" || row.status === "rejected") return null;
  const enabled = row.status === "enabled";
  return { enabled, healthData: enabled && row.healthData };
}

function present(ids: Ids, row: repository.RelationListRow): TCaregiverRelation {
  const r = row.relation;
  return {
    hashid: ids.encode(r.id),
    status: r.status,
    health_data: r.healthData,
    caregiver: presentPerson(ids, r.caregiverId, row.caregiver),
    assisted: presentPerson(ids, r.assistedId, row.assisted),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

async function presentOne(db: Executor, ids: Ids, row: repository.RelationRow): Promise<TCaregiverRelation> {
  const [listed] = await repository.listRelations(db, { caregiverId: row.caregiverId, assistedId: row.assistedId });
  if (!listed) throw notFound();
  return present(ids, listed);
}

const fullName = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`.trim();

/** `POST familymembers/caregiver/invite` `{ code }`: the caregiver asks the code's owner to approve. */
export async function invite(ctx: ModuleContext, request: FastifyRequest, code: string): Promise<TCaregiverRelation> {
  const caregiverId = principalOf(request).userId;
  const assisted = await resolveCode(ctx.db, caregiverId, code);
  if (assisted.userId === caregiverId) throw fieldError("code", CARE_MESSAGES.ownCode);
  return ctx.db.transaction(async (tx) => {
    const row = await repository.invite(tx, caregiverId, assisted.userId);
    if (!row) throw conflict(CARE_MESSAGES.alreadyInvited);
    const relation = await presentOne(tx, ctx.ids, row);
    await recordAudit(tx, actorOf(request), {
      action: "caregiver.invited",
      entity: "caregiver_relation",
      entityId: row.id,
    });
    await notifyUser(tx, {
      userId: assisted.userId,
      audience: "citizen",
      title: "Nuova richiesta di caregiver",
      body: `${fullName(relation.caregiver)} chiede di diventare tuo caregiver: approva o rifiuta dalla pagina Caregiver.`,
      // A popup: the request waits for the person's answer (no action button: the text says where).
      popup: { action: null, variant: "info" },
    });
    return relation;
  });
}

type Decision = "approve" | "disapprove";

/**
 * `approve` and `disapprove` `{ hashid }`, by the assisted person only (anyone else's relation is a
 * 404): approve enables a pending or disabled relation (re-enabling); disapprove rejects a pending
 * one and disables an enabled one. Anything else is a 409: the screen was out of date.
 */
export async function decide(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  decision: Decision,
): Promise<{ relation: TCaregiverRelation; message: string }> {
  const userId = principalOf(request).userId;
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const row = await repository.lockRelation(tx, id);
    if (!row || row.assistedId !== userId) throw notFound();
    const next = nextStatus(row.status, decision);
    if (!next) throw conflict(CARE_MESSAGES.notPending);
    const updated = await repository.updateRelation(tx, row.id, { status: next });
    const relation = await presentOne(tx, ctx.ids, updated);
    await recordAudit(tx, actorOf(request), {
      action: `caregiver.${next}`,
      entity: "caregiver_relation",
      entityId: row.id,
      detail: { from: row.status, to: next },
    });
    const message =
      next === "enabled"
        ? CARE_MESSAGES.approved
        : next === "rejected"
          ? CARE_MESSAGES.rejected
          : CARE_MESSAGES.disapproved;
    await notifyBoth(tx, relation, row, message);
    return { relation, message };
  });
}

function nextStatus(from: repository.RelationStatus, decision: Decision): repository.RelationStatus | null {
  if (decision === "approve") return from === "pending" || from === "disabled" ? "enabled" : null;
  if (from === "pending") return "rejected";
  if (from === "enabled") return "disabled";
  return null;
}

async function notifyBoth(
  tx: Executor,
  relation: TCaregiverRelation,
  row: repository.RelationRow,
  message: string,
): Promise<void> {
  await notifyUser(tx, {
    userId: row.caregiverId,
    audience: "citizen",
    title: message,
    body: `${fullName(relation.assisted)}: ${message.toLowerCase()}.`,
  });
  await notifyUser(tx, {
    userId: row.assistedId,
    audience: "citizen",
    title: message,
    body: `${fullName(relation.caregiver)}: ${message.toLowerCase()}.`,
  });
}

/**
 * Grant or withdraw 'gestione dati sanitari' (assisted person only). Granting needs an enabled
 * relation; withdrawing is always allowed, so the consent never outlives a relation re-enabled later.
 */
export async function setHealthData(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  granted: boolean,
): Promise<{ relation: TCaregiverRelation; message: string }> {
  const userId = principalOf(request).userId;
  const id = ctx.ids.decode(hashid);
  if (id === null) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const row = await repository.lockRelation(tx, id);
    if (!row || row.assistedId !== userId) throw notFound();
    if (granted && row.status !== "enabled") throw conflict(CARE_MESSAGES.notPending);
    const updated = await repository.updateRelation(tx, row.id, { healthData: granted });
    const relation = await presentOne(tx, ctx.ids, updated);
    await recordAudit(tx, actorOf(request), {
      action: granted ? "caregiver.health_data_granted" : "caregiver.health_data_withdrawn",
      entity: "caregiver_relation",
      entityId: row.id,
    });
    const message = granted ? CARE_MESSAGES.healthGranted : CARE_MESSAGES.healthWithdrawn;
    await notifyBoth(tx, relation, row, message);
    return { relation, message };
  });
}

/** `GET familymembers/caregivers/own`: who cares for me, and whom I care for. */
export async function listOwn(ctx: ModuleContext, request: FastifyRequest): Promise<TOwnCaregivers> {
  const userId = principalOf(request).userId;
  const [caregivers, assisted] = await Promise.all([
    repository.listRelations(ctx.db, { assistedId: userId }),
    // A rejected invitation stays with the person who sent it only until they ask again.
    repository.listRelations(ctx.db, { caregiverId: userId }),
  ]);
  return {
    caregivers: caregivers.map((row) => present(ctx.ids, row)),
    assisted: assisted.map((row) => present(ctx.ids, row)),
  };
}

/**
 * `GET familymembers/caregivers/user/{id}`: a person's enabled caregivers, for the person, their
 * caregivers and operators of their companies (others 404). Pending and rejected invitations are
 * the person's own business: only the person sees them (through caregivers/own).
 */
export async function listOfUser(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
): Promise<TCaregiverRelation[]> {
  const userId = await visiblePerson(ctx.db, ctx.ids, principalOf(request), hashid);
  const rows = await repository.listRelations(ctx.db, { assistedId: userId, statuses: ["enabled"] });
  return rows.map((row) => present(ctx.ids, row));
}
