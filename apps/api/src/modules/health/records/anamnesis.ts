import {
  type AnamnesisCategory,
  forbidden,
  HEALTH_RECORD_MESSAGES,
  notFound,
  type TAnamnesisBody,
  type TAnamnesisItem,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { recordHealthRead } from "../read-log.ts";
import { metaOf, operatorCompany, type PageQuery, pageOf, subjectOf } from "./common.ts";
import { namesOf } from "./people.ts";
import * as repository from "./repository.ts";

function present(
  ctx: ModuleContext,
  row: repository.AnamnesisRow,
  names: Map<number, string>,
  viewerId: number,
): TAnamnesisItem {
  return {
    id: ctx.ids.encode(row.id),
    category: row.category,
    description: row.description,
    date: row.date,
    author: row.authorId === null ? null : (names.get(row.authorId) ?? null),
    own: row.authorId === viewerId,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET anamnesi/users/all/{id}`: the person's anamnesis, by category (spec 001 §3 "Health note"). */
export async function listAnamnesis(
  ctx: ModuleContext,
  request: FastifyRequest,
  patientHashid: string,
  query: PageQuery & { category?: AnamnesisCategory | undefined },
) {
  const subject = await subjectOf(ctx, request, patientHashid);
  const { rows, total } = await repository.listAnamnesis(ctx.db, subject.patientId, query.category, pageOf(query));
  const names = await namesOf(
    ctx.db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
  );
  await recordHealthRead(ctx, request, subject, "anamnesi");
  return { data: rows.map((r) => present(ctx, r, names, subject.viewer.userId)), meta: metaOf(query, total) };
}

/** `POST anamnesi`: the person, a consenting caregiver or an operator of one of their companies adds an entry. */
export async function addAnamnesis(ctx: ModuleContext, request: FastifyRequest, body: TAnamnesisBody) {
  const subject = await subjectOf(ctx, request, body.user_id);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repository.insertAnamnesis(tx, {
      patientId: subject.patientId,
      category: body.category,
      description: body.description,
      date: body.date,
      authorId: subject.viewer.userId,
      companyId: operatorCompany(subject),
    });
    await recordAudit(tx, actorOf(request), {
      action: "anamnesis.created",
      entity: "anamnesis",
      entityId: created.id,
      companyId: operatorCompany(subject),
      detail: { patient: subject.patientId, category: body.category },
    });
    return created;
  });
  const names = await namesOf(ctx.db, [subject.viewer.userId]);
  return { data: present(ctx, row, names, subject.viewer.userId), message: HEALTH_RECORD_MESSAGES.anamnesisSaved };
}

/** `DELETE anamnesi/{id}`: only its author removes an entry; someone else's file answers 404. */
export async function deleteAnamnesis(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findAnamnesis(ctx.db, id);
  if (!row) throw notFound();
  const subject = await subjectOf(ctx, request, ctx.ids.encode(row.patientId));
  if (row.authorId !== subject.viewer.userId) throw forbidden(HEALTH_RECORD_MESSAGES.anamnesisAuthorOnly);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.deleteAnamnesis(tx, row.id))) throw notFound();
    await recordAudit(tx, actorOf(request), {
      action: "anamnesis.deleted",
      entity: "anamnesis",
      entityId: row.id,
      companyId: operatorCompany(subject),
      detail: { patient: row.patientId, category: row.category },
    });
  });
  return HEALTH_RECORD_MESSAGES.anamnesisDeleted;
}
