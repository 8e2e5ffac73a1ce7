import { OPERATOR_PERMISSIONS, type OperatorPermission, type TUser } from "@cura/domain";
import type { TKey } from "../../lib/i18n.ts";

/**
 * The sections of the operator's settings (spec 002 §2): each needs its permission string. The
 * Impostazioni menu entry shows when the operator holds any of them.
 */
export const SETTINGS_SECTIONS = [
  { path: "servizi", label: "companies.sections.servizi", permission: OPERATOR_PERMISSIONS.manageServiceSettings },
  { path: "operatori", label: "companies.sections.operatori", permission: OPERATOR_PERMISSIONS.manageOperators },
  { path: "anagrafica", label: "companies.sections.anagrafica", permission: OPERATOR_PERMISSIONS.viewCompanyRegistry },
] as const satisfies readonly { path: string; label: TKey; permission: OperatorPermission }[];

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]["path"];

export const SETTINGS_PERMISSIONS: OperatorPermission[] = SETTINGS_SECTIONS.map((s) => s.permission);

export function sectionsFor(user: TUser) {
  return SETTINGS_SECTIONS.filter((s) => user.permessi.includes(s.permission));
}
