import { useTranslation } from "react-i18next";
import { useSession } from "../../../lib/session.ts";
import { ConsentRevocationSection } from "../../consents/components/ConsentRevocationSection.tsx";
import {
  ChangePasswordSection,
  MarketingConsentSection,
  SessionTimeoutSection,
} from "../components/AccountSettings.tsx";

/**
 * The citizen's settings (spec 000 §2.9, §2.11 rules 5–6): password change (where the gate sends a
 * temporary or expired password, ?scope=), the session timeout, and the consents.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <div>
      <h1 className="mb-4">{t("settings.title")}</h1>
      <ChangePasswordSection user={user} />
      <SessionTimeoutSection user={user} />
      <MarketingConsentSection user={user} />
      <ConsentRevocationSection user={user} />
    </div>
  );
}
