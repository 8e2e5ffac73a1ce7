import {
  ADMIN_SETTINGS_MESSAGES,
  BUILTIN_SETTINGS,
  conflict,
  fieldError,
  isBuiltinSetting,
  notFound,
  PLATFORM_ROLES,
  type SettingType,
  type SettingValue,
  settingValueSchema,
  type TCreateSettingBody,
  type TRole,
  type TSetting,
  type TUpdateSettingBody,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { Principal } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import * as repository from "./repository.ts";

/**
 * The system settings (spec 002 §2 `settingsys/nuovo`, §7 `utilities/settings`): the built-in keys
 * with their defaults, overridden by the table's rows, and the keys administrators add. Nothing is
 * cached in the process: each read is one query on a small table, so a change applies at once on
 * every instance, without a restart.
 */

function present(key: string, row: repository.SettingRow | undefined): TSetting {
  const builtin = isBuiltinSetting(key) ? BUILTIN_SETTINGS[key] : null;
  return {
    key,
    type: (builtin?.type ?? row?.type ?? "string") as SettingType,
    value: row ? row.value : (builtin?.value ?? ""),
    public: row ? row.isPublic : (builtin?.public ?? false),
    description: row?.description || builtin?.description || "",
    builtin: builtin !== null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/** Every setting: the built-in ones first (in their order), then the others by key. */
export async function listSettings(ctx: ModuleContext): Promise<TSetting[]> {
  const rows = await repository.listSettings(ctx.db);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const builtins = Object.keys(BUILTIN_SETTINGS).map((key) => present(key, byKey.get(key)));
  const others = rows.filter((row) => !isBuiltinSetting(row.key)).map((row) => present(row.key, row));
  return [...builtins, ...others];
}

/** `GET utilities/settings`: the public settings, key → value. */
export async function publicSettings(ctx: ModuleContext): Promise<Record<string, SettingValue>> {
  const all = await listSettings(ctx);
  return Object.fromEntries(all.filter((s) => s.public).map((s) => [s.key, s.value]));
}

/** One setting's current value, the built-in default when unchanged: the reader of platform/settings.ts. */
export async function settingValue(db: Executor, key: string): Promise<SettingValue | null> {
  const row = await repository.findSetting(db, key);
  if (row) return row.value;
  return isBuiltinSetting(key) ? BUILTIN_SETTINGS[key].value : null;
}

/** The value checked against the entry's type: a 422 on `value` with the type's Italian message. */
function checkedValue(type: SettingType, value: unknown): SettingValue {
  const parsed = settingValueSchema(type).safeParse(value);
  if (!parsed.success)
    throw fieldError("value", parsed.error.issues[0]?.message ?? ADMIN_SETTINGS_MESSAGES.typeInvalid);
  return parsed.data;
}

/** `POST admin/settings`: a new key (a built-in key exists already: 409). */
export async function createSetting(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  body: TCreateSettingBody,
): Promise<TSetting> {
  if (isBuiltinSetting(body.key)) throw conflict(ADMIN_SETTINGS_MESSAGES.keyTaken);
  const value = checkedValue(body.type, body.value);
  return ctx.db.transaction(async (tx) => {
    const row = {
      key: body.key,
      type: body.type,
      value,
      isPublic: body.public ?? false,
      description: body.description ?? "",
      updatedBy: principal.userId,
    };
    if (!(await repository.insertSetting(tx, row))) throw conflict(ADMIN_SETTINGS_MESSAGES.keyTaken);
    await recordAudit(tx, actorOf(request), {
      action: "settings.created",
      entity: "setting",
      entityId: body.key,
      detail: { before: null, after: { type: body.type, value, public: row.isPublic } },
    });
    return present(body.key, (await repository.findSetting(tx, body.key)) ?? undefined);
  });
}

/** `PUT admin/settings/{key}`: the value (of the entry's type), visibility and description. */
export async function updateSetting(
  ctx: ModuleContext,
  request: FastifyRequest,
  principal: Principal,
  key: string,
  body: TUpdateSettingBody,
): Promise<TSetting> {
  return ctx.db.transaction(async (tx) => {
    const row = await repository.lockSetting(tx, key);
    if (!row && !isBuiltinSetting(key)) throw notFound(ADMIN_SETTINGS_MESSAGES.settingNotFound);
    const before = present(key, row ?? undefined);
    const value = checkedValue(before.type, body.value);
    const saved = await repository.upsertSetting(tx, {
      key,
      type: before.type,
      value,
      isPublic: body.public ?? before.public,
      description: body.description ?? before.description,
      updatedBy: principal.userId,
    });
    const after = present(key, saved);
    await recordAudit(tx, actorOf(request), {
      action: "settings.updated",
      entity: "setting",
      entityId: key,
      detail: {
        before: { value: before.value, public: before.public, description: before.description },
        after: { value: after.value, public: after.public, description: after.description },
      },
    });
    return after;
  });
}

/** `DELETE admin/settings/{key}`: an administrator's own key (built-in ones: 409). */
export async function removeSetting(ctx: ModuleContext, request: FastifyRequest, key: string): Promise<void> {
  if (isBuiltinSetting(key)) throw conflict(ADMIN_SETTINGS_MESSAGES.builtinNotRemovable);
  await ctx.db.transaction(async (tx) => {
    const row = await repository.lockSetting(tx, key);
    if (!row || !(await repository.deleteSetting(tx, key))) throw notFound(ADMIN_SETTINGS_MESSAGES.settingNotFound);
    await recordAudit(tx, actorOf(request), {
      action: "settings.deleted",
      entity: "setting",
      entityId: key,
      detail: { before: { type: row.type, value: row.value, public: row.isPublic }, after: null },
    });
  });
}

/** `GET utilities/roles`: without admins and croom unless asked for (spec 002 §9). */
export function listRoles(query: { "include-admins": boolean; "include-croom": boolean }): TRole[] {
  return PLATFORM_ROLES.filter(
    (role) =>
      role.group === "base" ||
      (role.group === "admins" && query["include-admins"]) ||
      (role.group === "croom" && query["include-croom"]),
  ).map(({ key, label }) => ({ key, label }));
}
