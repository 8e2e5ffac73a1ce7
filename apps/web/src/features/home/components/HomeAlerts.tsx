import type { TUser } from "@cura/domain";
import { USER_TYPES } from "@cura/domain/constants";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EMAIL_VERIFICATION_PATH, NUMBER_VERIFICATION_PATH, profilePathOf } from "../../../app/gate.ts";
import type { TKey } from "../../../lib/i18n.ts";

/**
 * The home screen's reminders (spec 000 §2.11): unverified e-mail, unverified phone, missing personal
 * record. Administrators are exempt from the personal record (type 2) and have no phone to verify.
 */
export function homeAlertKeys(user: TUser): TKey[] {
  const keys: TKey[] = [];
  if (user.email && !user.email_verified_at) keys.push("home.alerts.emailUnverified");
  if (user.type !== USER_TYPES.admin && !user.number_verified_at) keys.push("home.alerts.phoneUnverified");
  if (user.type !== USER_TYPES.admin && user.anagrafica === null) keys.push("home.alerts.registryMissing");
  return keys;
}

/** Where each reminder leads: the page that settles it. */
function linkOf(key: TKey, user: TUser): { to: string; label: TKey } {
  if (key === "home.alerts.emailUnverified") return { to: EMAIL_VERIFICATION_PATH, label: "home.alerts.emailLink" };
  if (key === "home.alerts.phoneUnverified") return { to: NUMBER_VERIFICATION_PATH, label: "home.alerts.phoneLink" };
  return { to: profilePathOf(user), label: "home.alerts.registryLink" };
}

export function HomeAlerts({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const keys = homeAlertKeys(user);
  if (keys.length === 0) return null;
  return (
    <section aria-label={t("home.alerts.label")} className="mb-4">
      {keys.map((key) => (
        <div key={key} className="alert alert-warning" data-testid="home-alert">
          <p className="mb-2">{t(key)}</p>
          <Link to={linkOf(key, user).to}>{t(linkOf(key, user).label)}</Link>
        </div>
      ))}
    </section>
  );
}
