import { useTranslation } from "react-i18next";
import { Navigate, NavLink, useParams } from "react-router";
import { useSession } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { AnagraficaSection } from "../components/AnagraficaSection.tsx";
import { ClosuresEditor } from "../components/ClosuresEditor.tsx";
import { CompanyOptionsPanel } from "../components/CompanyOptionsPanel.tsx";
import { HealthServicesPanel } from "../components/HealthServicesPanel.tsx";
import { OpeningHoursEditor } from "../components/OpeningHoursEditor.tsx";
import { OperatorsSection } from "../components/OperatorsSection.tsx";
import { PlatformServicesPanel } from "../components/PlatformServicesPanel.tsx";
import { sectionsFor } from "../sections.ts";

const BASE = "/operatore/impostazioni";

/**
 * The operator's settings, `/operatore/impostazioni/:section` (spec 002 §2): servizi, operatori and
 * anagrafica, each shown only with its permission string. Without a section (or with one the
 * operator may not see) it goes to the first allowed one.
 */
export default function CompanySettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { section } = useParams();
  if (!user) return null;
  const sections = sectionsFor(user);
  const company = user.company?.hashid ?? "";
  const first = sections[0];
  const current = sections.find((s) => s.path === section);
  if (first && !current) return <Navigate to={`${BASE}/${first.path}`} replace />;

  return (
    <div>
      <h1 className="mb-4">{t("companies.settings.title")}</h1>
      {!current || !company ? (
        <FormMessage kind="warning">{t("companies.settings.forbidden")}</FormMessage>
      ) : (
        <>
          <nav aria-label={t("companies.settings.sectionsNav")}>
            <ul className="nav nav-tabs mb-4">
              {sections.map((s) => (
                <li className="nav-item" key={s.path}>
                  <NavLink
                    to={`${BASE}/${s.path}`}
                    className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}
                  >
                    {t(s.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {current.path === "servizi" ? (
            <div>
              <h2 className="h3 visually-hidden">{t("companies.sections.servizi")}</h2>
              <PlatformServicesPanel />
              <CompanyOptionsPanel company={company} />
              <HealthServicesPanel />
              <div className="mt-5">
                <OpeningHoursEditor company={company} />
              </div>
              <ClosuresEditor company={company} />
            </div>
          ) : null}
          {current.path === "operatori" ? <OperatorsSection company={company} /> : null}
          {current.path === "anagrafica" ? <AnagraficaSection company={company} /> : null}
        </>
      )}
    </div>
  );
}
