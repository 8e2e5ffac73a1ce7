import { PLATFORM_VERSION } from "@cura/domain/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BRAND, versionLabel } from "../../../app/brand.ts";
import { profilePathOf } from "../../../app/gate.ts";
import { DashboardFigures } from "../../admin-users/components/DashboardFigures.tsx";
import { AccountCard, DashboardCard, HomeDashboard } from "../components/HomeDashboard.tsx";

/**
 * /admin/home: the administrator's dashboard: the platform's figures (issue 14), then what can be
 * done today; the menu has only pages that exist (issue 16: a version string and nothing else).
 */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const nowId = useId();
  return (
    <HomeDashboard intro={t("home.admin.intro")}>
      {(user) => (
        <>
          <DashboardFigures />
          <div className="col-12">
            <section aria-labelledby={nowId} className="card-wrapper card-space">
              <div className="card card-bg">
                <div className="card-body">
                  <h2 id={nowId} className="card-title h5">
                    {t("home.admin.nowTitle")}
                  </h2>
                  <p>{t("home.admin.nowText")}</p>
                  <ul className="mb-0">
                    <li>
                      <Link to={profilePathOf(user)}>{t("home.admin.nowProfile")}</Link>
                    </li>
                    <li>
                      <Link to={profilePathOf(user)}>{t("home.admin.nowSecurity")}</Link>
                    </li>
                  </ul>
                </div>
              </div>
            </section>
          </div>
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
