import { useTranslation } from "react-i18next";
import { AccountCard, HomeDashboard } from "../components/HomeDashboard.tsx";

/** /cittadino/home */
export default function CitizenHomePage() {
  const { t } = useTranslation();
  return (
    <HomeDashboard intro={t("home.citizen.intro")}>
      {(user) => (
        <div className="col-12 col-lg-6">
          <AccountCard user={user} />
        </div>
      )}
    </HomeDashboard>
  );
}
