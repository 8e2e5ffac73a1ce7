import type { TCompanyListItem } from "@cura/domain";
import { useTranslation } from "react-i18next";

/** Address, phone, e-mail and website of a provider. */
export function ProviderContacts({ company }: { company: TCompanyListItem }) {
  const { t } = useTranslation();
  const place = [company.address, [company.cap, company.comune].filter(Boolean).join(" "), company.provincia]
    .filter(Boolean)
    .join(", ");
  return (
    <dl className="row mb-2">
      <dt className="col-sm-3">{t("search.address")}</dt>
      <dd className="col-sm-9">{place || "—"}</dd>
      {company.phone ? (
        <>
          <dt className="col-sm-3">{t("search.phone")}</dt>
          <dd className="col-sm-9">
            <a href={`tel:${company.phone}`}>{company.phone}</a>
          </dd>
        </>
      ) : null}
      {company.email ? (
        <>
          <dt className="col-sm-3">{t("search.email")}</dt>
          <dd className="col-sm-9">
            <a href={`mailto:${company.email}`}>{company.email}</a>
          </dd>
        </>
      ) : null}
      {company.website ? (
        <>
          <dt className="col-sm-3">{t("search.website")}</dt>
          <dd className="col-sm-9">
            <a href={company.website} target="_blank" rel="noreferrer noopener">
              {company.website}
            </a>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
