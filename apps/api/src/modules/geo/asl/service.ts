import {
  ADMIN_SETTINGS_MESSAGES,
  fieldError,
  GEO_MESSAGES,
  notFound,
  type TAsl,
  type TAslAdmin,
  type TAslMergeBody,
  type TAslUpdateBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit, recordAudits } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { findCompany } from "../../companies/index.ts";
import { geoData, lookupKey } from "../reference-data.ts";
import * as repository from "./repository.ts";

/**
 * The ASL reference data (data/README.md). Everyone reads it (the citizen's profile offers the ASL
 * of their region); administrators correct it, record mergers and link companies, every change
 * audited with the values before and after.
 */

async function regionNames(): Promise<Map<string, string>> {
  const data = await geoData();
  return new Map(data.regioni.map((r) => [r.istat, r.regione]));
}

function present(row: repository.AslRow, regions: Map<string, string>): TAsl {
  return {
    codice_asl: row.codiceAsl,
    codice_regione: row.codiceRegione,
    regione: regions.get(row.regioneIstat) ?? row.regioneIstat,
    denominazione: row.denominazione,
    comune_sede: row.comuneSede,
    provincia_sede: row.provinciaSede,
    sito_web: row.sitoWeb,
    accorpata_in: row.accorpataIn,
    accorpata_dal: row.accorpataDal,
  };
}

/** A region name (any case, accents, bilingual part) or ISTAT code → the ISTAT code; unknown: 404. */
async function regionCode(input: string): Promise<string> {
  const data = await geoData();
  const region = data.regionByKey.get(lookupKey(input));
  if (!region) throw notFound(GEO_MESSAGES.regionNotFound);
  return region.istat;
}

/** `GET utilities/aslinfo?regione=`: public reference data. */
export async function listAslInfo(ctx: ModuleContext, regione?: string): Promise<TAsl[]> {
  const istat = regione ? await regionCode(regione) : undefined;
  const [rows, regions] = await Promise.all([repository.listAsl(ctx.db, istat), regionNames()]);
  return rows.map((row) => present(row, regions));
}

/** `GET utilities/aslinfo/admin`: every ASL with the source's name, the note and the linked companies. */
export async function listAslAdmin(ctx: ModuleContext): Promise<TAslAdmin[]> {
  const [rows, links, regions] = await Promise.all([
    repository.listAsl(ctx.db),
    repository.linkedCompanies(ctx.db),
    regionNames(),
  ]);
  const byAsl = new Map<string, TAslAdmin["aziende"]>();
  for (const link of links) {
    const list = byAsl.get(link.codiceAsl) ?? [];
    list.push({ hashid: ctx.ids.encode(link.companyId), name: link.name });
    byAsl.set(link.codiceAsl, list);
  }
  return rows.map((row) => adminView(row, regions, byAsl.get(row.codiceAsl) ?? []));
}

function adminView(row: repository.AslRow, regions: Map<string, string>, aziende: TAslAdmin["aziende"]): TAslAdmin {
  return { ...present(row, regions), denominazione_fonte: row.denominazioneFonte, note: row.note, aziende };
}

async function adminOne(ctx: ModuleContext, codice: string): Promise<TAslAdmin> {
  const all = await listAslAdmin(ctx);
  const one = all.find((a) => a.codice_asl === codice);
  if (!one) throw notFound(ADMIN_SETTINGS_MESSAGES.aslNotFound);
  return one;
}

/** `PUT utilities/aslinfo/admin/{codice}`: correct the name, the site or the note. */
export async function updateAsl(
  ctx: ModuleContext,
  request: FastifyRequest,
  codice: string,
  body: TAslUpdateBody,
): Promise<TAslAdmin> {
  await ctx.db.transaction(async (tx) => {
    const before = await repository.findAsl(tx, codice);
    if (!before) throw notFound(ADMIN_SETTINGS_MESSAGES.aslNotFound);
    const values = {
      ...(body.denominazione !== undefined ? { denominazione: body.denominazione.trim() } : {}),
      ...(body.sito_web !== undefined ? { sitoWeb: body.sito_web.trim() || null } : {}),
      ...(body.note !== undefined ? { note: body.note.trim() || null } : {}),
    };
    await repository.updateAsl(tx, codice, values);
    await recordAudit(tx, actorOf(request), {
      action: "asl.updated",
      entity: "asl",
      entityId: codice,
      detail: {
        before: { denominazione: before.denominazione, sito_web: before.sitoWeb, note: before.note },
        after: {
          denominazione: values.denominazione ?? before.denominazione,
          sito_web: values.sitoWeb === undefined ? before.sitoWeb : values.sitoWeb,
          note: values.note === undefined ? before.note : values.note,
        },
      },
    });
  });
  return adminOne(ctx, codice);
}

/** `POST utilities/aslinfo/admin/merge`: the listed ASL are merged into one authority (they stay as areas). */
export async function mergeAsl(ctx: ModuleContext, request: FastifyRequest, body: TAslMergeBody): Promise<TAslAdmin[]> {
  const codici = [...new Set(body.codici)];
  await ctx.db.transaction(async (tx) => {
    const rows = await repository.findAslMany(tx, codici);
    const missing = codici.filter((c) => !rows.some((r) => r.codiceAsl === c));
    if (missing.length > 0) {
      throw fieldError(`codici.${codici.indexOf(missing[0] as string)}`, ADMIN_SETTINGS_MESSAGES.aslNotFound);
    }
    const after = { accorpataIn: body.accorpata_in.trim(), accorpataDal: body.data_effetto };
    await repository.updateAslMany(tx, codici, after);
    await recordAudits(
      tx,
      actorOf(request),
      rows.map((row) => ({
        action: "asl.merged",
        entity: "asl",
        entityId: row.codiceAsl,
        detail: {
          before: { accorpata_in: row.accorpataIn, accorpata_dal: row.accorpataDal },
          after: { accorpata_in: after.accorpataIn, accorpata_dal: after.accorpataDal },
        },
      })),
    );
  });
  const all = await listAslAdmin(ctx);
  return all.filter((a) => codici.includes(a.codice_asl));
}

async function companyIdOf(ctx: ModuleContext, hashid: string): Promise<number> {
  const id = ctx.ids.decode(hashid);
  const company = id === null ? null : await findCompany(ctx.db, id);
  if (!company) throw notFound(ADMIN_SETTINGS_MESSAGES.companyNotFound);
  return company.id;
}

/** `PUT utilities/aslinfo/admin/{codice}/companies/{company}`: the company belongs to this ASL (moved if linked elsewhere). */
export async function linkCompany(
  ctx: ModuleContext,
  request: FastifyRequest,
  codice: string,
  companyHash: string,
): Promise<TAslAdmin> {
  const companyId = await companyIdOf(ctx, companyHash);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.findAsl(tx, codice))) throw notFound(ADMIN_SETTINGS_MESSAGES.aslNotFound);
    const before = await repository.companyLink(tx, companyId);
    await repository.linkCompany(tx, codice, companyId);
    await recordAudit(tx, actorOf(request), {
      action: "asl.company_linked",
      entity: "company",
      entityId: companyId,
      companyId,
      detail: { before: { codice_asl: before }, after: { codice_asl: codice } },
    });
  });
  return adminOne(ctx, codice);
}

/** `DELETE utilities/aslinfo/admin/{codice}/companies/{company}`. */
export async function unlinkCompany(
  ctx: ModuleContext,
  request: FastifyRequest,
  codice: string,
  companyHash: string,
): Promise<TAslAdmin> {
  const companyId = await companyIdOf(ctx, companyHash);
  await ctx.db.transaction(async (tx) => {
    if (!(await repository.unlinkCompany(tx, codice, companyId)))
      throw notFound(ADMIN_SETTINGS_MESSAGES.companyNotFound);
    await recordAudit(tx, actorOf(request), {
      action: "asl.company_unlinked",
      entity: "company",
      entityId: companyId,
      companyId,
      detail: { before: { codice_asl: codice }, after: { codice_asl: null } },
    });
  });
  return adminOne(ctx, codice);
}
