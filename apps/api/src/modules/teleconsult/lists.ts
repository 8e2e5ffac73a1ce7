import {
  forbidden,
  notFound,
  TELECONSULT_KINDS,
  type TeleconsultKind,
  type TTeleconsult,
  type TTeleconsultListQuery,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { ownCompanyId } from "../companies/index.ts";
import { presentTeleconsults } from "./presenters.ts";
import * as repository from "./repository.ts";
import { assertMayHandle } from "./taking.ts";

type Paged = { data: TTeleconsult[]; meta: { page: number; per_page: number; total: number } };

const pageOf = (query: TTeleconsultListQuery) => ({ limit: query.per_page, offset: (query.page - 1) * query.per_page });

async function answer(
  ctx: ModuleContext,
  query: TTeleconsultListQuery,
  found: { rows: repository.TeleconsultWithNames[]; total: number },
): Promise<Paged> {
  return {
    data: await presentTeleconsults(ctx, found.rows),
    meta: { page: query.page, per_page: query.per_page, total: found.total },
  };
}

/**
 * `GET teleconsults/company/{kind}`: the operator's section (rapido, pediatrico, specialistico) of
 * the own company, newest first; `open=true` for the queue. Quick sections need their permission.
 */
export async function companyList(
  ctx: ModuleContext,
  request: FastifyRequest,
  kind: string,
  query: TTeleconsultListQuery,
): Promise<Paged> {
  if (!(TELECONSULT_KINDS as readonly string[]).includes(kind)) throw notFound();
  const principal = principalOf(request);
  const companyId = ownCompanyId(principal);
  const section = kind as TeleconsultKind;
  if (section !== "specialistico")
    assertMayHandle(principal, {
      kind: section,
      positionRef: section === "rapido" ? 10 : 11,
    } as repository.TeleconsultRow);
  const found = await repository.listWithNames(
    ctx.db,
    { companyId, kind: section, ...(query.open === undefined ? {} : { open: query.open }) },
    pageOf(query),
  );
  return answer(ctx, query, found);
}

/** `GET teleconsults/own`: the citizen's teleconsultations, newest first. */
export async function ownList(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: TTeleconsultListQuery,
): Promise<Paged> {
  const userId = principalOf(request).userId;
  const found = await repository.listWithNames(
    ctx.db,
    { userId, ...(query.open === undefined ? {} : { open: query.open }) },
    pageOf(query),
  );
  return answer(ctx, query, found);
}

/** `GET teleconsults/admin`: every teleconsultation, read-only, for administrators. */
export async function adminList(ctx: ModuleContext, query: TTeleconsultListQuery): Promise<Paged> {
  const found = await repository.listWithNames(
    ctx.db,
    query.open === undefined ? {} : { open: query.open },
    pageOf(query),
  );
  return answer(ctx, query, found);
}

/**
 * `GET teleconsults/{hash}`: one teleconsultation (the preview, screen 17): to its citizen, or to an
 * operator of its company (quick ones with the permission); anyone else gets 404.
 */
export async function one(ctx: ModuleContext, request: FastifyRequest, hashid: string): Promise<TTeleconsult> {
  const principal = principalOf(request);
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findWithNames(ctx.db, id);
  if (!row) throw notFound();
  if (principal.type === 1) {
    if (principal.companyId === null || row.t.companyId !== principal.companyId) throw notFound();
    assertMayHandle(principal, row.t);
  } else if (principal.type === 0) {
    if (row.t.userId !== principal.userId) throw notFound();
  } else throw forbidden();
  return (await presentTeleconsults(ctx, [row]))[0] as TTeleconsult;
}
