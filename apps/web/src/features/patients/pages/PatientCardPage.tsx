import type { TPatient } from "@cura/domain";
import { Button } from "design-react-kit";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { BackButton } from "../../../ui/BackButton.tsx";
import { usePatientState } from "../api/patient-state.ts";
import { PatientBookings } from "../components/PatientBookings.tsx";
import { PatientLoader } from "../components/PatientLoader.tsx";
import { PatientSummary } from "../components/PatientSummary.tsx";
import { formatDay } from "../format.ts";

// The health tabs belong to the health file feature (health-file/tabs.ts), loaded with the card.
const PatientHealthFile = lazy(() => import("../../health-file/components/PatientHealthFile.tsx"));

/** `pazienti/scheda/:hash`: the patient's data, the company's record of them, their bookings here. */
export default function PatientCardPage() {
  const { hash = "" } = useParams();
  return (
    <div>
      <div className="mb-3">
        <BackButton />
      </div>
      <PatientLoader hash={hash}>{(patient) => <PatientCard patient={patient} />}</PatientLoader>
    </div>
  );
}

function PatientCard({ patient }: { patient: TPatient }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const state = usePatientState();
  const base = `/operatore/pazienti`;
  const change = (body: { active?: boolean; consent?: boolean }) =>
    state.mutate(
      { hash: patient.hashid, body },
      {
        onSuccess: () => alerts.success(t("patients.card.updated")),
        onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
      },
    );

  return (
    <>
      <PatientSummary patient={patient} />
      <section aria-labelledby="patient-record" className="mb-4">
        <h2 id="patient-record" className="h4">
          {t("patients.card.record")}
        </h2>
        <p className="mb-2">
          {patient.consent
            ? t("patients.card.consentGiven", { date: patient.consent_at ? formatDay(patient.consent_at) : "" })
            : t("patients.card.consentMissing")}
        </p>
        <div className="d-flex flex-wrap gap-2">
          <Button
            type="button"
            color="primary"
            outline
            size="sm"
            disabled={state.isPending}
            onClick={() => change({ consent: !patient.consent })}
          >
            {patient.consent ? t("patients.card.withdrawConsent") : t("patients.card.recordConsent")}
          </Button>
          <Button
            type="button"
            color={patient.active ? "danger" : "primary"}
            outline
            size="sm"
            disabled={state.isPending}
            onClick={() => change({ active: !patient.active })}
          >
            {patient.active ? t("patients.card.archive") : t("patients.card.reactivate")}
          </Button>
        </div>
      </section>
      {patient.active ? (
        <nav aria-label={t("patients.card.actions")} className="d-flex flex-wrap gap-2 mb-4">
          <Link className="btn btn-primary" to={`${base}/${patient.hashid}/prenotazioni/nuovo/prestazione`}>
            {t("patients.card.book")}
          </Link>
          <Link className="btn btn-outline-primary" to={`${base}/${patient.hashid}/prenotazioni/nuovo/passata`}>
            {t("patients.card.bookPast")}
          </Link>
          <Link className="btn btn-outline-primary" to={`${base}/servizi/${patient.hashid}`}>
            {t("patients.card.services")}
          </Link>
          <Link className="btn btn-outline-primary" to={`${base}/ordine/${patient.hashid}`}>
            {t("patients.card.order")}
          </Link>
        </nav>
      ) : null}
      <PatientBookings hash={patient.hashid} />
      <Suspense fallback={null}>
        <PatientHealthFile hash={patient.hashid} />
      </Suspense>
    </>
  );
}
