import { USER_TYPES } from "@cura/domain/constants";
import { useTranslation } from "react-i18next";
import { fullName, useSession } from "../../../lib/session.ts";
import { ChangePasswordSection, PermissionsList, SessionTimeoutSection } from "../components/AccountSettings.tsx";
import { DeleteProfile } from "../components/DeleteProfile.tsx";
import { ProfilePicture } from "../components/ProfilePicture.tsx";
import { RecordSections } from "../components/RecordSections.tsx";

/**
 * The profile (spec 000 §2.9): /cittadino/profilo, /operatore/profilo, /admin/profilo. Picture,
 * then personal data, residence and contacts (one section at a time in edit mode). Operators and
 * administrators also have their access section here: permissions, password change (the place the
 * gate sends them with ?scope=temporary|expired) and the session timeout. Profile deletion last.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const staff = user.type !== USER_TYPES.citizen;
  return (
    <div>
      <h1 className="mb-2">{t("profile.title")}</h1>
      <p className="lead mb-4">{fullName(user)}</p>
      {staff ? (
        <section aria-labelledby="profile-access-title" className="mb-5">
          <h2 id="profile-access-title" className="h3 mb-3">
            {t("profile.access.title")}
          </h2>
          {user.type === USER_TYPES.operator ? <PermissionsList user={user} /> : null}
        </section>
      ) : null}
      {staff ? <ChangePasswordSection user={user} /> : null}
      {staff ? <SessionTimeoutSection user={user} /> : null}
      <ProfilePicture user={user} />
      <RecordSections user={user} />
      <DeleteProfile />
    </div>
  );
}
