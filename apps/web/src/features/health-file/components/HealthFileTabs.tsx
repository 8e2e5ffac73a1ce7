import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { tabsFor } from "../tabs.ts";
import type { HealthArea } from "../types.ts";

interface Props {
  area: HealthArea;
  patientHash: string | null;
  /** The section in the URL; undefined opens the first one (archivio). */
  section: string | undefined;
  action?: string | undefined;
  /** Where each tab's link goes. */
  linkTo: (section: string) => string;
}

/** The health file's tab strip and the current section: the same for the citizen and the operator. */
export function HealthFileTabs({ area, patientHash, section, action, linkTo }: Props) {
  const { t } = useTranslation();
  const tabs = tabsFor(area);
  const current = section ? tabs.find((tab) => tab.section === section) : tabs[0];
  return (
    <div>
      <nav aria-label={t("healthFile.tabsLabel")}>
        <ul className="nav nav-tabs mb-4 flex-wrap">
          {tabs.map((tab) => (
            <li className="nav-item" key={tab.section}>
              <Link
                className={`nav-link${tab === current ? " active" : ""}`}
                aria-current={tab === current ? "page" : undefined}
                to={linkTo(tab.section)}
              >
                {t(tab.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current ? (
        <Suspense fallback={<PageLoader />}>
          <current.component area={area} patientHash={patientHash} action={action} />
        </Suspense>
      ) : (
        <FormMessage kind="error">{t("healthFile.noSection")}</FormMessage>
      )}
    </div>
  );
}
