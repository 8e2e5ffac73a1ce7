import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { BackButton } from "../../../ui/BackButton.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { useOwnHealthServices } from "../../companies/api/health-services.ts";
import { PatientBookingForm } from "../components/PatientBookingForm.tsx";
import { PatientLoader } from "../components/PatientLoader.tsx";
import { PatientSummary } from "../components/PatientSummary.tsx";

/** What `{tipo}` may say: a service booking, or a past one (the switch starts on). */
export const BOOKING_TYPES = ["prestazione", "passata"] as const;

/**
 * `pazienti/:hash/prenotazioni/nuovo/:tipo`: the operator books a health service for the patient,
 * at a free slot or (switch "prenotazione passata") as a visit that already happened. `?servizio=`
 * preselects a service (from the patient services page).
 */
export default function PatientBookingPage() {
  const { t } = useTranslation();
  const { hash = "", tipo = "prestazione" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const services = useOwnHealthServices();
  const bookable = (services.data ?? []).filter((s) => s.active);

  return (
    <div>
      <div className="mb-3">
        <BackButton />
      </div>
      <PatientLoader hash={hash}>
        {(patient) => (
          <>
            <h1 className="mb-3">{t("patients.booking.title")}</h1>
            <PatientSummary patient={patient} headingLevel={2} />
            {!patient.active ? <FormMessage kind="warning">{t("patients.booking.archived")}</FormMessage> : null}
            {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
            {services.data && bookable.length === 0 ? <p>{t("patients.booking.noServices")}</p> : null}
            {patient.active && bookable.length > 0 ? (
              <PatientBookingForm
                patientHash={patient.hashid}
                services={bookable}
                initialService={search.get("servizio") ?? ""}
                initialPast={tipo === "passata"}
                onBooked={() => {
                  const card = `/operatore/pazienti/scheda/${patient.hashid}`;
                  flashOnArrival(card, "success", t("patients.booking.done"));
                  void navigate(card);
                }}
              />
            ) : null}
          </>
        )}
      </PatientLoader>
    </div>
  );
}
