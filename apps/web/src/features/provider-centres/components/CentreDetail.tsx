import { COMPANY_MESSAGES } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage } from "../../../ui/form.tsx";
import { ClosuresEditor } from "../../companies/components/ClosuresEditor.tsx";
import { messageOf } from "../../companies/components/errors.ts";
import { WeeklyHoursForm } from "../../companies/components/OpeningHoursEditor.tsx";
import { ProviderContacts } from "../../search/components/ProviderContacts.tsx";
import { useCentre, useCentreServices, useSaveCentreOpenings, useSetCentreOverlap } from "../api/centres.ts";

/**
 * One provider centre as its monitoring room manages it: contacts, health services, weekly hours,
 * closures and the overlap option (the `companies/{company}/…` calls). The API answers 404 for a
 * centre the room does not manage.
 */
export function CentreDetail({ centre, base }: { centre: string; base: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const detail = useCentre(centre);
  const services = useCentreServices(centre);
  const saveHours = useSaveCentreOpenings(centre);
  const overlap = useSetCentreOverlap(centre);

  if (detail.isPending)
    return (
      <p role="status" className="text-muted">
        {t("common.loading")}
      </p>
    );
  if (detail.isError) return <FormMessage kind="error">{detail.error.message}</FormMessage>;
  const company = detail.data;
  return (
    <div>
      <p>
        <Link to={base}>{t("providerCentres.back")}</Link>
      </p>
      <h2 className="h3">{company.name}</h2>
      <ProviderContacts company={company} />

      <section aria-labelledby="centre-services-title" className="mt-4">
        <h3 id="centre-services-title" className="h4">
          {t("providerCentres.services")}
        </h3>
        {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
        {services.data?.data.length === 0 ? <p>{t("companies.healthServices.empty")}</p> : null}
        {services.data && services.data.data.length > 0 ? (
          <ul className="list-group" data-testid="centre-services">
            {services.data.data.map((s) => (
              <li key={s.hashid} className="list-group-item">
                {s.name} · {t("providerCentres.minutes", { count: s.slot_minutes })}
                {s.active ? "" : ` · ${t("companies.healthServices.inactive")}`}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {company.options ? (
        <section aria-labelledby="centre-options-title" className="mt-4">
          <h3 id="centre-options-title" className="h4">
            {t("companies.options.title")}
          </h3>
          <CheckboxField
            label={t("companies.options.overlap")}
            checked={company.options.overlap}
            disabled={overlap.isPending}
            onChange={(e) =>
              overlap.mutate(e.target.checked, {
                onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated),
                onError: (error) => alerts.error(messageOf(error)),
              })
            }
          />
        </section>
      ) : null}

      <div className="mt-4">
        <WeeklyHoursForm
          openings={company.openings}
          busy={saveHours.isPending}
          onSave={(body, done) => saveHours.mutate(body, { onSuccess: done.success, onError: done.error })}
        />
      </div>
      <ClosuresEditor company={company.hashid} services={services.data?.data ?? []} />
    </div>
  );
}
