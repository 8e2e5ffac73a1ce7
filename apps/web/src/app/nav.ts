import type { OperatorPermission, TUser } from "@cura/domain";
import { COMPANY_LEVELS } from "@cura/domain/constants";
import type { TKey } from "../lib/i18n.ts";
import type { AppIconName } from "../ui/AppIcon.tsx";

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
  /** A Bootstrap Italia icon among those the app draws (ui/AppIcon.tsx). */
  icon: AppIconName;
  /**
   * Spec 002 §2 menu rules, declared: a service entry shows only when its ref is among the
   * company's active services; `permissions` shows the entry with any of these strings.
   */
  service?: number;
  permissions?: readonly OperatorPermission[];
  /** Any other rule (company level, several conditions): the entry shows when it returns true. */
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
  icon: AppIconName;
}

/**
 * The reduced navigation of a monitoring room (company level 5, spec 002 §2 "Level-5 navigation"):
 * Monitoraggio (home), agenda, analitiche, the service entries, centri erogatori, ricerca, profile,
 * settings and guide. Paths are matched on their first segment; an entry with a service ref is a
 * service entry and keeps its own rule. Every other rule of the entry still applies (analitiche
 * stays level 1 only: spec 002 §1 reserves statistics to first-level companies, and the API
 * refuses them to a room).
 */
export const REDUCED_NAVIGATION: ReadonlySet<string> = new Set([
  "home",
  "agenda",
  "analitiche",
  "centriErogatori",
  "ricerca",
  "profilo",
  "impostazioni",
  "guidaoperatore",
]);

export function hasReducedNavigation(user: TUser): boolean {
  return user.type === 1 && user.company?.level === COMPANY_LEVELS.monitoringRoom;
}

/** Whether one route's entry shows for this user: reduced navigation, service, permissions, then `visible`. */
export function showsEntry(route: NavRoute, user: TUser): boolean {
  const nav = route.nav;
  if (!nav) return false;
  const firstSegment = route.path.split("/")[0] ?? route.path;
  if (hasReducedNavigation(user) && nav.service === undefined && !REDUCED_NAVIGATION.has(firstSegment)) return false;
  if (nav.service !== undefined && !hasActiveService(nav.service)(user)) return false;
  if (nav.permissions && !hasAnyPermission(...nav.permissions)(user)) return false;
  return nav.visible ? nav.visible(user) : true;
}

/** The entries a user sees, in route-table order. */
export function navEntriesFor(base: string, routes: readonly NavRoute[], user: TUser): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const route of routes) {
    const nav = route.nav;
    if (!nav || !showsEntry(route, user)) continue;
    entries.push({
      to: `${base}/${route.path}`,
      label: typeof nav.label === "function" ? nav.label(user) : nav.label,
      icon: nav.icon,
    });
  }
  return entries;
}

/**
 * The entry the current page belongs to: the longest entry path that the location is or starts with
 * (at a segment boundary). One entry only: "Prenota visita" (appuntamenti/nuovo/prestazione) and
 * "Appuntamenti" both match the wizard, and both were highlighted (issue 16).
 */
export function activeEntryOf(entries: readonly NavEntry[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "");
  let best: string | null = null;
  for (const { to } of entries) {
    const matches = path === to || path.startsWith(`${to}/`);
    if (matches && (best === null || to.length > best.length)) best = to;
  }
  return best;
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
