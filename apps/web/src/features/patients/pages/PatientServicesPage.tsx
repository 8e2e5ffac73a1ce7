import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BackButton } from "../../../ui/BackButton.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { useOwnHealthServices } from "../../companies/api/health-services.ts";
import { PatientLoader } from "../components/PatientLoader.tsx";
import { PatientSummary } from "../components/PatientSummary.tsx";

/**
 * `pazienti/servizi/:hash`: the company's services the operator can book for this patient, each
 * with its duration and price, leading to the booking page with the service chosen.
 */
export default function PatientServicesPage() {
  const { t } = useTranslation();
  const { hash = "" } = useParams();
  const services = useOwnHealthServices();
  const active = (services.data ?? []).filter((s) => s.active);
  return (
    <div>
      <div className="mb-3">
        <BackButton />
      </div>
      <PatientLoader hash={hash}>
        {(patient) => (
          <>
            <h1 className="mb-3">{t("patients.services.title")}</h1>
            <PatientSummary patient={patient} headingLevel={2} />
            {services.isPending ? (
              <p role="status" className="text-muted">
                {t("common.loading")}
              </p>
            ) : null}
            {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
            {services.data && active.length === 0 ? <p>{t("patients.booking.noServices")}</p> : null}
            <ul className="list-unstyled">
              {active.map((s) => (
                <li key={s.hashid} className="card card-bg mb-3 p-3" data-testid="patient-service">
                  <h2 className="h5">{s.name}</h2>
                  <p className="mb-2 text-muted">
                    {t("patients.services.duration", { minutes: s.slot_minutes })}
                    {s.price !== null ? ` · ${t("patients.services.price", { price: s.price.toFixed(2) })}` : ""}
                  </p>
                  {patient.active ? (
                    <Link
                      className="btn btn-primary btn-sm align-self-start"
                      to={`/operatore/pazienti/${patient.hashid}/prenotazioni/nuovo/prestazione?servizio=${s.hashid}`}
                      aria-label={t("patients.services.bookOf", { name: s.name })}
                    >
                      {t("patients.services.book")}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </PatientLoader>
    </div>
  );
}
