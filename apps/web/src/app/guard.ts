import type { TUser } from "@cura/domain";
import { areaOf, homePathOf } from "../lib/session.ts";

/**
 * The navigation guard of spec 000 §2.1, as a pure function of the path and the stored user.
 *
 * Public paths are for people who are not signed in: a signed-in user opening one goes to Home (/).
 * Some paths are open to everyone. Any other path needs a signed-in user, else /login. Home sends a
 * signed-in user to their area (post-login gate rule 7), and an area belongs to one type of user
 * (§2.12: users of another type go to Home).
 */
export const PUBLIC_PATHS: readonly string[] = [
  "/login",
  "/login/spid",
  "/login/cie",
  "/register",
  "/password/reset",
  "/password/recovery",
  "/disabled",
  "/email/verify/already",
  "/email/verify/success",
];

/**
 * Open whether signed in or not. Payment outcomes and password reset: the spec. The help page: the
 * spec lists it among the routes that need no login, and the footer's terms, privacy and cookie
 * links on the login page point at it. The dev outbox: a development tool with no user data of its own.
 * A teleconsultation's guest link: the guest has no account.
 */
const ALWAYS_ALLOWED: readonly RegExp[] = [
  /^\/password\/reset$/,
  /^\/payment\/[^/]+(\/[^/]+)?$/,
  /^\/help$/,
  // The public contact form (issue 14), linked from every page's footer.
  /^\/contatti$/,
  /^\/dev\/outbox$/,
  // A teleconsultation's guest by single-use link (issue 10): no account, signed in or not.
  /^\/teleconsulto\/ospite\/[^/]+$/,
];

const AREA_PREFIXES = ["cittadino", "operatore", "admin"] as const;

export function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  const trimmed = lower.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The area a path belongs to, if any. */
export function areaOfPath(pathname: string): (typeof AREA_PREFIXES)[number] | null {
  const first = normalisePath(pathname).split("/")[1] ?? "";
  return (AREA_PREFIXES as readonly string[]).includes(first) ? (first as (typeof AREA_PREFIXES)[number]) : null;
}

/** Where to go instead of `pathname`, or null to stay. */
export function guardRedirect(pathname: string, user: TUser | null): string | null {
  const path = normalisePath(pathname);
  if (ALWAYS_ALLOWED.some((rule) => rule.test(path))) return null;
  const isPublic = PUBLIC_PATHS.includes(path);
  if (!user) return isPublic ? null : "/login";
  if (isPublic) return "/";
  if (path === "/") return homePathOf(user);
  const area = areaOfPath(path);
  if (area !== null && area !== areaOf(user)) return "/";
  return null;
}
