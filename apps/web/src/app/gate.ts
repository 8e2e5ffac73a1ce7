import type { TUser } from "@cura/domain";
import { USER_TYPES } from "@cura/domain/constants";
import { areaOf, homePathOf } from "../lib/session.ts";
import { normalisePath } from "./guard.ts";

/**
 * The post-login gate of spec 000 §2.11, as a pure function of the user and where they are. It runs
 * after the session is validated (the shells, once `users/fresh/me` answered) and on login or
 * registration success; the first matching rule applies:
 *
 * 1. phone not verified → /number/verify
 * 2. e-mail present but unverified → /email/verify/invalid
 * 3. no personal record (type ≠ 2) → a personal-data alert, stay
 * 4. consents not all given → the consents screen
 * 5. temporary password (not admin) → the password page with ?scope=temporary
 * 6. expired password → the same with ?scope=expired (administrators exempt too: §2.9 says type 2
 *    is always free to leave the profile, and "the same places" of rule 5 exclude them)
 * P. an operator whose company has not enabled them yet (operator_status pending) → the waiting
 *    screen on every page of the area: the API answers 403 to all the rest (issue 9 §2). Their own
 *    steps above still apply; the personal-data alert does not (its page would only meet 403s).
 * 7. on Home (/) → /{i_am}/home
 *
 * The redirects also keep the user there: any other page sends them back, so leaving the profile or
 * the settings is blocked while the password must change (§2.9), not just hidden from the menu.
 */
export type GateOutcome =
  | { kind: "redirect"; to: string }
  | { kind: "personalData" }
  | { kind: "consents" }
  | { kind: "awaitingEnabling" }
  | { kind: "pass" };

export type PasswordScope = "temporary" | "expired";

export const NUMBER_VERIFICATION_PATH = "/number/verify";
export const EMAIL_VERIFICATION_PATH = "/email/verify/invalid";

/** The profile page of a user's area. */
export function profilePathOf(user: TUser): string {
  return `/${areaOf(user)}/profilo`;
}

/** The citizen's settings page. */
export function settingsPathOf(user: TUser): string {
  return `/${areaOf(user)}/impostazioni`;
}

/**
 * Where a password is changed: the operator's access section of the profile (§2.11 rule 5); the
 * citizen's settings. Administrators (never sent here by the gate) change theirs in their profile,
 * which carries the same access section as the operator's.
 */
export function passwordPathOf(user: TUser): string {
  return user.type === USER_TYPES.citizen ? settingsPathOf(user) : profilePathOf(user);
}

export function passwordScopeOf(user: TUser): PasswordScope | null {
  if (user.type === USER_TYPES.admin) return null;
  if (user.temporary_password) return "temporary";
  if (user.expired_password === 1) return "expired";
  return null;
}

export function gateOutcome(user: TUser, location: { pathname: string; search?: string }): GateOutcome {
  const path = normalisePath(location.pathname);
  const profile = normalisePath(profilePathOf(user));

  // 1. The number page links to the profile (to correct the number, or to create the record the
  // number belongs to): both are allowed while the phone waits for its code.
  if (!user.number_verified_at) {
    if (path === NUMBER_VERIFICATION_PATH || path === profile) return { kind: "pass" };
    return { kind: "redirect", to: NUMBER_VERIFICATION_PATH };
  }
  // 2. The e-mail page offers a new mail; "already" links to the profile.
  if (user.email && !user.email_verified_at) {
    if (path.startsWith("/email/verify/") || path === profile) return { kind: "pass" };
    return { kind: "redirect", to: EMAIL_VERIFICATION_PATH };
  }
  const awaitingEnabling = user.operator_status === "pending";
  // 3. Administrators are exempt from the personal record.
  if (user.anagrafica === null && user.type !== USER_TYPES.admin && !awaitingEnabling) return { kind: "personalData" };
  // 4.
  if (!user.all_consenses) return { kind: "consents" };
  // 5 and 6.
  const scope = passwordScopeOf(user);
  if (scope) {
    const target = passwordPathOf(user);
    const here = new URLSearchParams(location.search ?? "").get("scope");
    if (path === normalisePath(target) && here === scope) return { kind: "pass" };
    return { kind: "redirect", to: `${target}?scope=${scope}` };
  }
  // P. Home is where the waiting screen is shown first.
  if (awaitingEnabling) return path === "/" ? { kind: "redirect", to: homePathOf(user) } : { kind: "awaitingEnabling" };
  // 7.
  if (path === "/") return { kind: "redirect", to: homePathOf(user) };
  return { kind: "pass" };
}

/** Where a user goes right after signing in or registering: the gate's redirect, else their home. */
export function landingPathOf(user: TUser): string {
  const outcome = gateOutcome(user, { pathname: "/" });
  return outcome.kind === "redirect" ? outcome.to : homePathOf(user);
}
