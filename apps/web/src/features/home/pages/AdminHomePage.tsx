import { PLATFORM_VERSION } from "@cura/domain/constants";
import { useTranslation } from "react-i18next";
import { BRAND, versionLabel } from "../../../app/brand.ts";
import { AccountCard, DashboardCard, HomeDashboard } from "../components/HomeDashboard.tsx";

/** /admin/home: the administrator's dashboard. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <HomeDashboard intro={t("home.admin.intro")}>
      {(user) => (
        <>
          <div className="col-12 col-lg-6">
            <DashboardCard title={t("home.admin.platformTitle")}>
              <dl className="row mb-0">
                <dt className="col-sm-5">{t("about.name")}</dt>
                <dd className="col-sm-7">{BRAND.name}</dd>
                <dt className="col-sm-5">{t("about.version")}</dt>
                <dd className="col-sm-7" data-version={PLATFORM_VERSION}>
                  {versionLabel()}
                </dd>
              </dl>
            </DashboardCard>
          </div>
          <div className="col-12 col-lg-6">
            <AccountCard user={user} />
          </div>
        </>
      )}
    </HomeDashboard>
  );
}
