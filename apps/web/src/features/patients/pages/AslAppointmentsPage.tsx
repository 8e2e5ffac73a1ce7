import type { TBooking } from "@cura/domain";
import { ASL_APPOINTMENTS_REF, OPERATOR_PERMISSIONS } from "@cura/domain/constants";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { BookingStatusBadge } from "../../bookings/components/BookingStatusBadge.tsx";
import { formatAppointment } from "../../bookings/format.ts";
import { useOwnHealthServices } from "../../companies/api/health-services.ts";
import { AslSurveyModal } from "../../surveys/components/AslSurveyModal.tsx";
import { useAslAppointments } from "../api/asl-appointments.ts";
import { usePatientPicker } from "../api/patient-picker.ts";
import { PatientBookingForm } from "../components/PatientBookingForm.tsx";

export const ASL_SECTIONS = ["lista", "nuovo"] as const;

/**
 * `appuntamenti/:section`: ASL appointments, i.e. the bookings of the company's agenda/ASL services
 * (ref 5: the local health authority's services the company books on its behalf, as a CUP desk).
 * `lista` lists them; `nuovo` books one for a patient of the company, like any booking for a patient.
 */
export default function AslAppointmentsPage() {
  const { t } = useTranslation();
  const { section = "lista" } = useParams();
  const current = section === "nuovo" ? "nuovo" : "lista";
  return (
    <div>
      <h1 className="mb-3">{t("patients.asl.title")}</h1>
      <ul className="nav nav-tabs mb-4">
        {ASL_SECTIONS.map((s) => (
          <li className="nav-item" key={s}>
            <Link
              className={`nav-link${s === current ? " active" : ""}`}
              aria-current={s === current ? "page" : undefined}
              to={`/operatore/appuntamenti/${s}`}
            >
              {t(`patients.asl.sections.${s}`)}
            </Link>
          </li>
        ))}
      </ul>
      {current === "lista" ? <AslList /> : <AslNew />}
    </div>
  );
}

/** An appointment that will not happen takes no survey (the server refuses it too). */
const CLOSED = ["annullato", "rifiutato"];

function AslList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const [surveyFor, setSurveyFor] = useState<TBooking | null>(null);
  const list = useAslAppointments(page);
  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;
  // Either survey permission fills a survey on an appointment (issue 13); the server checks it again.
  const fillsSurveys = [OPERATOR_PERMISSIONS.manageActivities, OPERATOR_PERMISSIONS.administerSurveys].some(
    (permission) => user?.permessi.includes(permission),
  );
  const when = (b: TBooking) => (b.start ? formatAppointment(b.start, b.end) : t("patients.bookings.noTime"));
  const describe = (b: TBooking) => `${b.citizen.surname} ${b.citizen.name}, ${when(b)}`;
  return (
    <section aria-label={t("patients.asl.sections.lista")}>
      <p className="text-muted">{t("patients.asl.hint")}</p>
      {list.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {list.isError ? <FormMessage kind="error">{list.error.message}</FormMessage> : null}
      {list.data?.data.length === 0 ? <p>{t("patients.asl.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">{t("patients.asl.sections.lista")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("patients.bookings.when")}</th>
                <th scope="col">{t("patients.fields.patient")}</th>
                <th scope="col">{t("patients.bookings.service")}</th>
                <th scope="col">{t("patients.bookings.status")}</th>
                {fillsSurveys ? <th scope="col">{t("surveys.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((b) => (
                <tr key={b.hashid} data-testid="asl-appointment">
                  <td>{when(b)}</td>
                  <td>
                    <Link to={`/operatore/pazienti/scheda/${b.citizen.hashid}`}>
                      {b.citizen.surname} {b.citizen.name}
                    </Link>
                  </td>
                  <td>{b.health_service?.name ?? "—"}</td>
                  <td>
                    <BookingStatusBadge status={b.status} />
                  </td>
                  {fillsSurveys ? (
                    <td>
                      {CLOSED.includes(b.status) ? null : (
                        <RowAction
                          label={t("surveys.asl.actionOf", { appointment: describe(b) })}
                          onClick={() => setSurveyFor(b)}
                        >
                          {t("surveys.asl.action")}
                        </RowAction>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="d-flex align-items-center gap-3" aria-label={t("patients.pagination")}>
          <Button color="primary" outline size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("patients.previous")}
          </Button>
          <span>{t("patients.pageOf", { page, pages })}</span>
          <Button color="primary" outline size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("patients.next")}
          </Button>
        </nav>
      ) : null}
      {fillsSurveys ? (
        <AslSurveyModal
          appointment={surveyFor}
          label={surveyFor ? describe(surveyFor) : ""}
          onClose={() => setSurveyFor(null)}
        />
      ) : null}
    </section>
  );
}

function AslNew() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [patient, setPatient] = useState("");
  const picker = usePatientPicker(text.trim().length >= 2 ? text.trim() : "");
  const services = useOwnHealthServices();
  const asl = (services.data ?? []).filter((s) => s.active && s.position_ref === ASL_APPOINTMENTS_REF);
  return (
    <section aria-label={t("patients.asl.sections.nuovo")}>
      {services.data && asl.length === 0 ? <p>{t("patients.asl.noServices")}</p> : null}
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          type="search"
          label={t("patients.asl.findPatient")}
          hint={t("patients.searchHint")}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          wrapperClassName="col-md-6"
          label={t("patients.asl.patient")}
          placeholder={t("patients.booking.choose")}
          value={patient}
          onChange={(e) => setPatient(e.target.value)}
          options={(picker.data ?? []).map((p) => ({
            value: p.hashid,
            label: `${p.surname} ${p.name}${p.cf ? ` (${p.cf})` : ""}`,
          }))}
        />
      </div>
      {patient && asl.length > 0 ? (
        <PatientBookingForm
          key={patient}
          patientHash={patient}
          services={asl}
          onBooked={() => {
            flashOnArrival("/operatore/appuntamenti/lista", "success", t("patients.booking.done"));
            void navigate("/operatore/appuntamenti/lista");
          }}
        />
      ) : null}
    </section>
  );
}
