import type { OperatorPermission, TUser } from "@cura/domain";
import type { TKey } from "../lib/i18n.ts";

/**
 * Navigation metadata carried by an area's route entry: the sidebar is built from the route table,
 * so a feature appears in the menu by adding its route. `visible` decides per user (permission
 * strings, company level, active service refs: spec 002 §2 menu rules).
 */
/** A label that is not a translation: the user's own name (the citizen's profile entry). */
export interface NavText {
  text: string;
}

export type NavLabel = TKey | NavText;

export interface NavMeta {
  /**
   * The label's i18n key, or a function of the user (level 5 calls the dashboard Monitoraggio; the
   * citizen's profile entry is named after the user).
   */
  label: TKey | ((user: TUser) => NavLabel);
  /** A design-react-kit icon name (it-…). */
  icon: string;
  visible?: (user: TUser) => boolean;
}

export interface NavRoute {
  /** The path inside the area (`home`, `agenda`, `impostazioni/servizi`). */
  path: string;
  nav?: NavMeta;
}

export interface NavEntry {
  to: string;
  label: NavLabel;
  icon: string;
}

/** The entries a user sees, in route-table order. */
export function navEntriesFor(base: string, routes: readonly NavRoute[], user: TUser): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const route of routes) {
    const nav = route.nav;
    if (!nav) continue;
    if (nav.visible && !nav.visible(user)) continue;
    entries.push({
      to: `${base}/${route.path}`,
      label: typeof nav.label === "function" ? nav.label(user) : nav.label,
      icon: nav.icon,
    });
  }
  return entries;
}

// Predicates for `visible`, to combine with `allOf`.

export const hasAnyPermission =
  (...permissions: OperatorPermission[]) =>
  (user: TUser): boolean =>
    permissions.some((p) => user.permessi.includes(p));

export const hasAllPermissions =
  (...permissions: OperatorPermission[]) =>
  (user: TUser): boolean =>
    permissions.every((p) => user.permessi.includes(p));

export const companyLevelIn =
  (...levels: number[]) =>
  (user: TUser): boolean =>
    user.company !== null && levels.includes(user.company.level);

/** A service entry shows only when its ref is among the company's active services. */
export const hasActiveService =
  (ref: number) =>
  (user: TUser): boolean =>
    user.company?.active_services.some((s) => s.position_ref === ref) ?? false;

export const allOf =
  (...predicates: ((user: TUser) => boolean)[]) =>
  (user: TUser): boolean =>
    predicates.every((p) => p(user));

export const not =
  (predicate: (user: TUser) => boolean) =>
  (user: TUser): boolean =>
    !predicate(user);
