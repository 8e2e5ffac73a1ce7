import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import {
  TELECONSULT_SERVICES_PAGE,
  type TeleconsultServiceFilter,
  useTeleconsultServices,
} from "../api/teleconsult-services.ts";
import { PlaceFields } from "./FacilityStep.tsx";
import type { StepProps } from "./NeedStep.tsx";

/**
 * The facility step of a specialist teleconsultation (teleconsulti/nuovo/specialistico): the health
 * services booked as teleconsultations (ref 2) at the companies subscribed to them, those of the care
 * circle first (the preferred one first), searched by name and town; choosing one leads to its slots.
 */
export function TeleconsultServiceStep({ state, update }: StepProps) {
  const { t } = useTranslation();
  const [where, setWhere] = useState<TeleconsultServiceFilter>({ q: "", comune: "" });
  const [page, setPage] = useState(1);
  const filter = { q: where.q.trim(), comune: where.comune.trim() };
  const services = useTeleconsultServices(filter, page);
  const search = (next: TeleconsultServiceFilter) => {
    setWhere(next);
    setPage(1);
  };
  const items = services.data?.data ?? [];
  return (
    <div>
      {state.service && state.company ? (
        <FormMessage kind="info" testId="facility-chosen">
          {t("bookingWizard.facility.chosen", { service: state.service.name, company: state.company.name })}
        </FormMessage>
      ) : null}
      <p>{t("bookingWizard.teleconsult.intro")}</p>
      <PlaceFields where={where} onChange={search} nameLabel={t("bookingWizard.teleconsult.search")} />
      {services.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {services.isError ? (
        <FormMessage kind="error">
          {isApiError(services.error) ? services.error.message : t("errors.unexpected")}
        </FormMessage>
      ) : null}
      {services.isSuccess && items.length === 0 ? <p role="status">{t("bookingWizard.teleconsult.none")}</p> : null}
      <ul className="list-unstyled" aria-label={t("bookingWizard.teleconsult.listLabel")}>
        {items.map((service) => {
          const chosen = state.service?.hashid === service.hashid;
          return (
            <li key={service.hashid} className="card card-bg p-3 mb-3" data-testid="teleconsult-service">
              <p className="fw-semibold mb-1">
                {service.company.name}
                {service.preferred ? (
                  <span className="badge bg-primary ms-2">{t("bookingWizard.facility.preferred")}</span>
                ) : service.in_circle ? (
                  <span className="badge bg-secondary ms-2">{t("bookingWizard.teleconsult.inCircle")}</span>
                ) : null}
              </p>
              <p className="text-muted mb-2">
                {[service.company.address, service.company.comune].filter(Boolean).join(", ")}
                {" · "}
                {t("bookingWizard.teleconsult.minutes", { count: service.slot_minutes })}
              </p>
              <div>
                <Button
                  type="button"
                  size="sm"
                  color="primary"
                  outline={!chosen}
                  aria-pressed={chosen}
                  aria-label={t("bookingWizard.facility.chooseService", {
                    service: service.name,
                    company: service.company.name,
                  })}
                  onClick={() =>
                    update({
                      company: { hashid: service.company.hashid, name: service.company.name },
                      service: { hashid: service.hashid, name: service.name },
                      start: null,
                      startLabel: "",
                    })
                  }
                >
                  {service.name}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager
        page={page}
        perPage={services.data?.meta.per_page ?? TELECONSULT_SERVICES_PAGE}
        total={services.data?.meta.total ?? 0}
        onPage={setPage}
        label={t("bookingWizard.teleconsult.pagination")}
      />
    </div>
  );
}
