import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { usePatients } from "../api/patients.ts";
import { RegisterPatientModal } from "../components/RegisterPatientModal.tsx";
import { formatBirthday } from "../format.ts";

/** `pazienti`: the company's patients, searched and paged, and the register-patient modal. */
export default function PatientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [query, setQuery] = useState({ q: "", page: 1, active: "" });
  const [registering, setRegistering] = useState(false);
  const patients = usePatients(query);
  const meta = patients.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, q: text.trim(), page: 1 }));
  };

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center mb-4 gap-2">
        <h1 className="mb-0">{t("patients.title")}</h1>
        <Button color="primary" type="button" onClick={() => setRegistering(true)}>
          {t("patients.register.open")}
        </Button>
      </div>
      <form onSubmit={search} className="row align-items-end" aria-label={t("patients.searchLabel")}>
        <TextField
          wrapperClassName="col-md-6"
          type="search"
          label={t("patients.search")}
          hint={t("patients.searchHint")}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          wrapperClassName="col-md-3"
          label={t("patients.filter")}
          value={query.active}
          onChange={(e) => setQuery((q) => ({ ...q, active: e.target.value, page: 1 }))}
          options={[
            { value: "", label: t("patients.filters.all") },
            { value: "true", label: t("patients.filters.active") },
            { value: "false", label: t("patients.filters.archived") },
          ]}
        />
        <div className="col-md-3 mb-4">
          <Button color="primary" outline type="submit">
            {t("patients.searchSubmit")}
          </Button>
        </div>
      </form>

      {patients.isPending ? (
        <p role="status" className="text-muted">
          {t("common.loading")}
        </p>
      ) : null}
      {patients.isError ? <FormMessage kind="error">{patients.error.message}</FormMessage> : null}
      {patients.data && patients.data.data.length === 0 ? <p>{t("patients.empty")}</p> : null}
      {patients.data && patients.data.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-hover">
            <caption className="visually-hidden">{t("patients.caption", { total: meta?.total ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("patients.fields.patient")}</th>
                <th scope="col">{t("patients.fields.cf")}</th>
                <th scope="col">{t("patients.fields.birthday")}</th>
                <th scope="col">{t("patients.fields.tel")}</th>
                <th scope="col">{t("patients.fields.state")}</th>
              </tr>
            </thead>
            <tbody>
              {patients.data.data.map((p) => (
                <tr key={p.hashid} data-testid="patient-row">
                  <th scope="row">
                    <Link to={`/operatore/pazienti/scheda/${p.hashid}`}>
                      {p.surname} {p.name}
                    </Link>
                  </th>
                  <td>{p.cf ?? "—"}</td>
                  <td>{p.birthday ? formatBirthday(p.birthday) : "—"}</td>
                  <td>{p.tel_number ? `${p.prefix} ${p.tel_number}` : "—"}</td>
                  <td>
                    {p.active ? null : <span className="badge bg-secondary me-1">{t("patients.badges.archived")}</span>}
                    {p.registered ? (
                      <span className="badge bg-primary me-1">{t("patients.badges.registered")}</span>
                    ) : null}
                    {p.in_care_circle ? (
                      <span className="badge bg-success">{t("patients.badges.careCircle")}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {meta && pages > 1 ? (
        <nav className="d-flex align-items-center gap-3" aria-label={t("patients.pagination")}>
          <Button
            color="primary"
            outline
            size="sm"
            type="button"
            disabled={query.page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
          >
            {t("patients.previous")}
          </Button>
          <span>{t("patients.pageOf", { page: query.page, pages })}</span>
          <Button
            color="primary"
            outline
            size="sm"
            type="button"
            disabled={query.page >= pages}
            onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
          >
            {t("patients.next")}
          </Button>
        </nav>
      ) : null}

      <RegisterPatientModal
        isOpen={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(patient, message) => {
          setRegistering(false);
          const card = `/operatore/pazienti/scheda/${patient.hashid}`;
          // The alerts clear on every route change: the card shows it on arrival.
          flashOnArrival(card, "success", message);
          void navigate(card);
        }}
      />
    </div>
  );
}
