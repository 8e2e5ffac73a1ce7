import { COMPANY_MESSAGES, type THealthService } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage } from "../../../ui/form.tsx";
import { useCompanyServices } from "../../booking-wizard/api/providers.ts";
import { useCareCircle } from "../../care-circle/api/care-circle.ts";
import { useAddRelationship } from "../../care-circle/api/relationship.ts";
import { useProvider } from "../api/provider.ts";
import { OpeningHoursTable } from "../components/OpeningHoursTable.tsx";
import { ProviderContacts } from "../components/ProviderContacts.tsx";

/**
 * The wizard opened at the date step with this provider and service chosen; it checks them again
 * (the address may be old or typed) and starts from the first step when they are not bookable.
 */
const bookingLink = (company: string, service: string) =>
  `/cittadino/appuntamenti/nuovo/prestazione?${new URLSearchParams({ company, service })}`;

/** The services a citizen can book here (the server lists only those), each with "Prenota". */
function BookableServices({ company }: { company: string }) {
  const { t, i18n } = useTranslation();
  const services = useCompanyServices(company);
  const price = (service: THealthService) =>
    service.price === null
      ? null
      : new Intl.NumberFormat(i18n.language, { style: "currency", currency: "EUR" }).format(service.price);
  return (
    <section aria-labelledby="services-title" className="mb-4">
      <h2 id="services-title" className="h4">
        {t("search.services")}
      </h2>
      {services.isPending ? <p role="status">{t("common.loading")}</p> : null}
      {services.isError ? <FormMessage kind="error">{t("search.servicesError")}</FormMessage> : null}
      {services.isSuccess && services.data.length === 0 ? <p>{t("search.noServices")}</p> : null}
      {services.isSuccess && services.data.length > 0 ? (
        <ul className="list-group" data-testid="bookable-services">
          {services.data.map((service) => (
            <li
              key={service.hashid}
              className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2"
            >
              <div>
                <span className="fw-semibold">{service.name}</span>
                <div className="small">
                  {[t("search.minutes", { minutes: service.slot_minutes }), price(service)].filter(Boolean).join(" · ")}
                </div>
              </div>
              <Link
                className="btn btn-primary btn-sm"
                to={bookingLink(company, service.hashid)}
                aria-label={t("search.bookService", { service: service.name })}
              >
                {t("search.book")}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * A provider found by the search: its bookable services with "Prenota", contacts, opening hours, and
 * 'Aggiungi al circolo di cura'.
 */
export default function ProviderDetailPage() {
  const { t } = useTranslation();
  const { company } = useParams();
  const location = useLocation();
  // The search's filters, when the citizen came from the results.
  const back = (location.state as { search?: string } | null)?.search ?? "";
  const alerts = useAlerts();
  const provider = useProvider(company);
  const circle = useCareCircle();
  const add = useAddRelationship();
  const [preferred, setPreferred] = useState(false);

  if (provider.isPending) {
    return (
      <div>
        <h1>{t("search.detailTitle")}</h1>
        <p role="status">{t("common.loading")}</p>
      </div>
    );
  }
  if (provider.isError) {
    return (
      <div>
        <h1>{t("search.detailTitle")}</h1>
        <FormMessage kind="error">
          {isApiError(provider.error) ? provider.error.message : t("errors.unexpected")}
        </FormMessage>
      </div>
    );
  }
  const c = provider.data;
  const inCircle = circle.data?.find((item) => item.company.hashid === c.hashid);

  return (
    <div>
      <Link to={`/cittadino/ricerca${back}`}>{t("search.backToSearch")}</Link>
      <h1 className="mt-2">{c.name}</h1>
      <p>{c.subtype_label ?? c.type_label}</p>
      {c.description ? <p>{c.description}</p> : null}
      <BookableServices company={c.hashid} />
      <h2 className="h4">{t("search.contacts")}</h2>
      <ProviderContacts company={c} />
      <h2 className="h4">{t("search.openings")}</h2>
      <OpeningHoursTable openings={c.openings} caption={t("search.openingsOf", { name: c.name })} />
      <section aria-labelledby="circle-title" className="mt-4">
        <h2 id="circle-title" className="h4">
          {t("careCircle.title")}
        </h2>
        {inCircle ? (
          <p data-testid="in-circle">
            {inCircle.preferred ? t("careCircle.isPreferred") : t("careCircle.isInCircle")}{" "}
            <Link to="/cittadino/circolocura">{t("careCircle.open")}</Link>
          </p>
        ) : (
          <>
            <CheckboxField
              label={t("careCircle.setPreferredLabel")}
              checked={preferred}
              onChange={(e) => setPreferred(e.target.checked)}
            />
            <Button
              type="button"
              color="primary"
              disabled={add.isPending}
              onClick={() =>
                add.mutate(
                  { company_id: c.hashid, preferred },
                  {
                    onSuccess: () => alerts.success(COMPANY_MESSAGES.relationshipAdded),
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            >
              {t("careCircle.add")}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
