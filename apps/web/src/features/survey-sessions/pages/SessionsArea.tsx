import { OPERATOR_PERMISSIONS, OPERATOR_ROLES } from "@cura/domain";
import { SESSION_DAYS_TO_SIGN, SESSION_TYPES, type TSessionType, type TSurveySession } from "@cura/domain/sessions";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useSession as useSignedIn } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { CheckboxField, FormMessage, SelectField, TextField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { usePatientPicker } from "../../patients/api/patient-picker.ts";
import { uploadSurveyFile } from "../../surveys/api/fills.ts";
import { useSurvey } from "../../surveys/api/surveys.ts";
import { SurveyPlayer } from "../../surveys/components/SurveyPlayer.tsx";
import {
  useAvailableSurveys,
  useCompilation,
  useCreateSession,
  useDeleteSession,
  useReorderSession,
  useSession,
  useSessionCompilations,
  useSessions,
  useSetSessionStatus,
  useStartCompilation,
  useSubmitSurvey,
  useUpdateCompilation,
} from "../api/sessions.ts";

export const SESSIONS_BASE = "/operatore/sessioni";

const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * The operator's survey sessions (spec 002 §2 `sessioni/{action?}/{quest?}`): the list, a new
 * session (managers), a session's page (its surveys, status, compilations, a new compilation) and a
 * compilation run with the one survey player, survey after survey, then the signature.
 */
export default function SessionsArea() {
  const { t } = useTranslation();
  const { user } = useSignedIn();
  const { action, quest } = useParams();
  const manages = user?.permessi.includes(OPERATOR_PERMISSIONS.manageActivities) ?? false;
  return (
    <div>
      <h1 className="mb-3">{t("sessions.title")}</h1>
      {action === "nuova" && manages ? <NewSession /> : null}
      {action === "dettaglio" && quest ? <SessionDetail id={quest} manages={manages} /> : null}
      {action === "compila" && quest ? <CompilationRun id={quest} /> : null}
      {!action || (action === "nuova" && !manages) ? <SessionList manages={manages} /> : null}
    </div>
  );
}

/** The company's sessions: this area's list, and the Screening area's `attivita/sessioni` section. */
export function SessionList({ manages }: { manages: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useSessions("own", page);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <FormMessage kind="error">{errorText(list.error, t("sessions.loadError"))}</FormMessage>;
  return (
    <section aria-labelledby="sessions-list-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="sessions-list-title" className="h3 m-0">
          {t("sessions.list.title")}
        </h2>
        {manages ? (
          <Link className="btn btn-primary" to={`${SESSIONS_BASE}/nuova`}>
            {t("sessions.list.new")}
          </Link>
        ) : null}
      </div>
      {list.data.data.length === 0 ? (
        <p>{t("sessions.list.empty")}</p>
      ) : (
        <SessionsTable sessions={list.data.data} linkBase={`${SESSIONS_BASE}/dettaglio`} />
      )}
      <Pager page={page} perPage={list.data.meta.per_page} total={list.data.meta.total} onPage={setPage} />
    </section>
  );
}

export function SessionsTable({ sessions, linkBase }: { sessions: TSurveySession[]; linkBase?: string }) {
  const { t } = useTranslation();
  // Without links in its rows (the administrator's list) the table has nothing to focus: the box that
  // scrolls it sideways on a phone takes the focus itself, so a keyboard can scroll it.
  const scrollable = linkBase ? {} : { tabIndex: 0, role: "region", "aria-label": t("sessions.list.title") };
  return (
    <div className="table-responsive" {...scrollable}>
      <table className="table">
        <caption className="visually-hidden">{t("sessions.list.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("sessions.fields.name")}</th>
            <th scope="col">{t("sessions.fields.type")}</th>
            <th scope="col">{t("sessions.fields.status")}</th>
            <th scope="col">{t("sessions.fields.surveys")}</th>
            <th scope="col">{t("sessions.fields.compilations")}</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.hashid}>
              <td>{linkBase ? <Link to={`${linkBase}/${s.hashid}`}>{s.name}</Link> : s.name}</td>
              <td>{t(`sessions.types.${s.type}`)}</td>
              <td>{t(`sessions.statuses.${s.status}`)}</td>
              <td>{s.surveys.map((x) => x.name).join(", ")}</td>
              <td>{s.compilations_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NewSession() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const available = useAvailableSurveys(true);
  const create = useCreateSession();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [type, setType] = useState<TSessionType>("anonima");
  const [roles, setRoles] = useState<string[]>([]);
  const [surveys, setSurveys] = useState<string[]>([]);
  const [signature, setSignature] = useState(false);
  const [days, setDays] = useState(String(SESSION_DAYS_TO_SIGN.default));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const fieldError = (key: string) =>
    Object.entries(errors)
      .filter(([k]) => k === key || k.startsWith(`${key}.`))
      .flatMap(([, v]) => v)[0];

  return (
    <section aria-labelledby="session-new-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="session-new-title" className="h3 m-0">
          {t("sessions.form.title")}
        </h2>
        <Link to={SESSIONS_BASE}>{t("sessions.back")}</Link>
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          create.mutate(
            {
              name,
              description: description || null,
              type,
              allowed_roles: roles as (typeof OPERATOR_ROLES)[number][],
              surveys,
              signature_required: signature,
              days_to_sign: Number(days),
            },
            {
              onSuccess: (session) => {
                alerts.success(t("sessions.form.created"));
                navigate(`${SESSIONS_BASE}/dettaglio/${session.hashid}`);
              },
              onError: (error) => {
                if (isApiError(error) && error.errors) setErrors(error.errors);
                alerts.error(errorText(error, t("errors.unexpected")));
              },
            },
          );
        }}
      >
        <TextField
          label={t("sessions.fields.name")}
          value={name}
          required
          error={fieldError("name")}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t("sessions.fields.description")}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <SelectField
          label={t("sessions.fields.type")}
          value={type}
          options={SESSION_TYPES.map((v) => ({ value: v, label: t(`sessions.types.${v}`) }))}
          onChange={(e) => setType(e.target.value as TSessionType)}
        />
        <fieldset className="mb-4">
          <legend className="h6">{t("sessions.fields.roles")}</legend>
          {OPERATOR_ROLES.map((role) => (
            <CheckboxField
              key={role}
              label={t(`sessions.roles.${role}`)}
              checked={roles.includes(role)}
              onChange={() => setRoles(toggle(roles, role))}
            />
          ))}
          {fieldError("allowed_roles") ? <FormMessage kind="error">{fieldError("allowed_roles")}</FormMessage> : null}
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h6">{t("sessions.fields.surveysOrder")}</legend>
          {(available.data?.data ?? []).map((s) => (
            <CheckboxField
              key={s.hashid}
              label={surveys.includes(s.hashid) ? `${surveys.indexOf(s.hashid) + 1}. ${s.name}` : s.name}
              checked={surveys.includes(s.hashid)}
              onChange={() => setSurveys(toggle(surveys, s.hashid))}
            />
          ))}
          {fieldError("surveys") ? <FormMessage kind="error">{fieldError("surveys")}</FormMessage> : null}
        </fieldset>
        {/* Room below: the next field's floating label sits above its input, over what comes before. */}
        <CheckboxField
          wrapperClassName="mb-5"
          label={t("sessions.fields.signature")}
          checked={signature}
          onChange={(e) => setSignature(e.target.checked)}
        />
        <TextField
          type="number"
          min={SESSION_DAYS_TO_SIGN.min}
          max={SESSION_DAYS_TO_SIGN.max}
          label={t("sessions.fields.daysToSign")}
          value={days}
          error={fieldError("days_to_sign")}
          onChange={(e) => setDays(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t("sessions.form.save")}
        </button>
      </form>
    </section>
  );
}

function SessionDetail({ id, manages }: { id: string; manages: boolean }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const session = useSession(id);
  const [page, setPage] = useState(1);
  const compilations = useSessionCompilations(id, page);
  const setStatus = useSetSessionStatus();
  const remove = useDeleteSession();
  const reorder = useReorderSession();
  const [confirmDelete, setConfirmDelete] = useState(false);
  if (session.isPending) return <PageLoader />;
  if (session.isError)
    return <FormMessage kind="error">{errorText(session.error, t("sessions.loadError"))}</FormMessage>;
  const s = session.data;
  const onError = (error: unknown) => alerts.error(errorText(error, t("errors.unexpected")));
  const move = (index: number, by: number) => {
    const order = s.surveys.map((x) => x.hashid);
    const [item] = order.splice(index, 1);
    order.splice(index + by, 0, item as string);
    reorder.mutate({ id, ordered_items: order }, { onError });
  };
  const editable = manages && s.compilations_count === 0;

  return (
    <section aria-labelledby="session-detail-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="session-detail-title" className="h3 m-0">
          {s.name}
        </h2>
        <Link to={SESSIONS_BASE}>{t("sessions.back")}</Link>
      </div>
      {s.description ? <p>{s.description}</p> : null}
      <dl className="row">
        <dt className="col-sm-3">{t("sessions.fields.type")}</dt>
        <dd className="col-sm-9">{t(`sessions.types.${s.type}`)}</dd>
        <dt className="col-sm-3">{t("sessions.fields.status")}</dt>
        <dd className="col-sm-9">{t(`sessions.statuses.${s.status}`)}</dd>
        <dt className="col-sm-3">{t("sessions.fields.roles")}</dt>
        <dd className="col-sm-9">
          {s.allowed_roles.map((r) => t(`sessions.roles.${r as (typeof OPERATOR_ROLES)[number]}`)).join(", ")}
        </dd>
        <dt className="col-sm-3">{t("sessions.fields.signature")}</dt>
        <dd className="col-sm-9">
          {s.signature_required ? t("sessions.signatureDays", { count: s.days_to_sign }) : t("sessions.no")}
        </dd>
      </dl>
      <h3 className="h5">{t("sessions.fields.surveysOrder")}</h3>
      <ol>
        {s.surveys.map((x, i) => (
          <li key={x.hashid} className="mb-1">
            {x.name}
            {editable ? (
              <>
                {" "}
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 ms-2"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  {t("sessions.moveUp", { name: x.name })}
                </button>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 ms-2"
                  disabled={i === s.surveys.length - 1}
                  onClick={() => move(i, 1)}
                >
                  {t("sessions.moveDown", { name: x.name })}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      {manages ? (
        <div className="d-flex flex-wrap gap-2 mb-4">
          {s.status === "in_corso" ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => setStatus.mutate({ session: s, status: "completata" }, { onError })}
            >
              {t("sessions.close")}
            </button>
          ) : null}
          {s.status === "in_attesa" || s.status === "in_corso" ? (
            <button
              type="button"
              className="btn btn-outline-danger"
              onClick={() => setStatus.mutate({ session: s, status: "annullata" }, { onError })}
            >
              {t("sessions.cancel")}
            </button>
          ) : null}
          <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
            {t("sessions.delete")}
          </button>
        </div>
      ) : null}
      {/* Deleting cannot be undone: asked first (the server refuses it once a compilation exists). */}
      <ConfirmModal
        isOpen={confirmDelete}
        title={t("sessions.deleteConfirm.title")}
        confirmLabel={t("sessions.delete")}
        cancelLabel={t("sessions.deleteConfirm.keep")}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              alerts.success(t("sessions.deleted"));
              navigate(SESSIONS_BASE);
            },
            onError,
            onSettled: () => setConfirmDelete(false),
          })
        }
      >
        {t("sessions.deleteConfirm.body", { name: s.name })}
      </ConfirmModal>
      {s.status === "in_attesa" || s.status === "in_corso" ? <StartCompilation session={s} /> : null}
      <h3 className="h5 mt-4">{t("sessions.compilations.title")}</h3>
      {compilations.data && compilations.data.data.length > 0 ? (
        <div className="table-responsive">
          <table className="table">
            <caption className="visually-hidden">{t("sessions.compilations.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("sessions.compilations.who")}</th>
                <th scope="col">{t("sessions.fields.status")}</th>
                <th scope="col">{t("sessions.compilations.progress")}</th>
                <th scope="col">{t("sessions.compilations.signed")}</th>
              </tr>
            </thead>
            <tbody>
              {compilations.data.data.map((c) => (
                <tr key={c.hashid}>
                  <td>
                    <Link to={`${SESSIONS_BASE}/compila/${c.hashid}`}>
                      {c.patient?.name ?? c.pseudonym ?? t("sessions.compilations.anonymous")}
                    </Link>
                  </td>
                  <td>{t(`sessions.compilationStatuses.${c.status}`)}</td>
                  <td>
                    {c.progress.submitted}/{c.progress.total}
                  </td>
                  <td>{c.signed_at ? t("sessions.yes") : t("sessions.no")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("sessions.compilations.empty")}</p>
      )}
      {compilations.data ? (
        <Pager
          page={page}
          perPage={compilations.data.meta.per_page}
          total={compilations.data.meta.total}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}

function StartCompilation({ session }: { session: TSurveySession }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const start = useStartCompilation();
  const [q, setQ] = useState("");
  const [patient, setPatient] = useState("");
  const [pseudonym, setPseudonym] = useState("");
  const [error, setError] = useState<string | null>(null);
  const picker = usePatientPicker(session.type === "in_chiaro" && q.trim().length >= 2 ? q.trim() : "");
  const options = (picker.data ?? []).map((p) => ({
    value: p.hashid,
    label: `${p.surname} ${p.name}${p.cf ? ` (${p.cf})` : ""}`,
  }));
  return (
    <form
      className="border rounded p-3"
      aria-labelledby="session-start-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        start.mutate(
          {
            survey_session_id: session.hashid,
            ...(session.type === "in_chiaro" ? { user: patient || undefined } : {}),
            ...(session.type === "pseudonimizzata" ? { pseudonym: pseudonym || undefined } : {}),
          },
          {
            onSuccess: (c) => navigate(`${SESSIONS_BASE}/compila/${c.hashid}`),
            onError: (err) => {
              const message = errorText(err, t("errors.unexpected"));
              setError(message);
              alerts.error(message);
            },
          },
        );
      }}
    >
      <h3 id="session-start-title" className="h5">
        {t("sessions.start.title")}
      </h3>
      {session.type === "in_chiaro" ? (
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("sessions.start.search")}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <SelectField
            wrapperClassName="col-md-6"
            label={t("sessions.start.patient")}
            placeholder={t("sessions.start.choose")}
            value={patient}
            options={options}
            onChange={(e) => setPatient(e.target.value)}
          />
        </div>
      ) : null}
      {session.type === "pseudonimizzata" ? (
        <TextField
          label={t("sessions.start.pseudonym")}
          value={pseudonym}
          onChange={(e) => setPseudonym(e.target.value)}
        />
      ) : null}
      {session.type === "anonima" ? <p>{t("sessions.start.anonymous")}</p> : null}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <button type="submit" className="btn btn-primary" disabled={start.isPending}>
        {t("sessions.start.submit")}
      </button>
    </form>
  );
}

function CompilationRun({ id }: { id: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const compilation = useCompilation(id);
  const next = compilation.data?.progress.next_survey?.hashid;
  const survey = useSurvey(compilation.data?.status === "completata" ? undefined : next);
  const submit = useSubmitSurvey();
  const update = useUpdateCompilation();
  if (compilation.isPending) return <PageLoader />;
  if (compilation.isError)
    return <FormMessage kind="error">{errorText(compilation.error, t("sessions.loadError"))}</FormMessage>;
  const c = compilation.data;
  const onError = (error: unknown) => alerts.error(errorText(error, t("errors.unexpected")));
  const open = c.status === "avviata" || c.status === "in_corso";
  return (
    <section aria-labelledby="compilation-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id="compilation-title" className="h3 m-0">
          {t("sessions.run.title", { name: c.session.name })}
        </h2>
        <Link to={`${SESSIONS_BASE}/dettaglio/${c.session.hashid}`}>{t("sessions.back")}</Link>
      </div>
      <p>
        {c.patient?.name ?? c.pseudonym ?? t("sessions.compilations.anonymous")} ·{" "}
        {t(`sessions.compilationStatuses.${c.status}`)}
      </p>
      <div className="progress mb-2" style={{ height: "0.75rem" }}>
        <div
          className="progress-bar"
          role="progressbar"
          aria-label={t("sessions.compilations.progress")}
          aria-valuemin={0}
          aria-valuemax={c.progress.total}
          aria-valuenow={c.progress.submitted}
          style={{ width: `${Math.round(c.progress.progress * 100)}%` }}
        />
      </div>
      <p>{t("sessions.run.progress", { done: c.progress.submitted, total: c.progress.total })}</p>
      {open && next && survey.data ? (
        <SurveyPlayer
          key={next}
          template={survey.data.template}
          headingLevel={3}
          uploadFile={uploadSurveyFile}
          submitting={submit.isPending}
          onSubmit={(answers) =>
            submit.mutate(
              { id, survey_id: next, answers },
              { onSuccess: () => alerts.success(t("sessions.run.submitted")), onError },
            )
          }
        />
      ) : null}
      {open && next && survey.isPending ? <PageLoader /> : null}
      {c.status === "completata" ? (
        <div role="status">
          <FormMessage kind="success">{t("sessions.run.completed")}</FormMessage>
          {c.score !== null ? <p>{t("sessions.run.score", { score: c.score })}</p> : null}
          {c.signed_at ? (
            <p>{t("sessions.run.signed")}</p>
          ) : (
            <>
              {c.sign_by ? (
                <p>{t("sessions.run.signBy", { date: new Date(c.sign_by).toLocaleDateString("it-IT") })}</p>
              ) : null}
              <button
                type="button"
                className="btn btn-primary"
                disabled={update.isPending}
                onClick={() =>
                  update.mutate(
                    { id, action: "sign" },
                    { onSuccess: () => alerts.success(t("sessions.run.signed")), onError },
                  )
                }
              >
                {t("sessions.run.sign")}
              </button>
            </>
          )}
        </div>
      ) : null}
      {open ? (
        <button
          type="button"
          className="btn btn-outline-danger mt-3"
          onClick={() => update.mutate({ id, action: "abandon" }, { onError })}
        >
          {t("sessions.run.abandon")}
        </button>
      ) : null}
    </section>
  );
}
