import { type TTeleconsultPending, ZTeleconsultRequestBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useFamilyMembers } from "../../booking-wizard/api/family-members.ts";
import { formatDateTime } from "../../bookings/format.ts";
import { usePending } from "../api/pending.ts";
import { useRequestTeleconsult } from "../api/request.ts";
import { Countdown } from "../components/Countdown.tsx";
import { TeleconsultStatusBadge } from "../components/TeleconsultStatusBadge.tsx";
import {
  citizenCallPath,
  citizenListPath,
  citizenPreviewPath,
  QUICK_SUBSECTIONS,
  type QuickSubsection,
} from "../paths.ts";

/**
 * `teleconsulti/nuovo/tcemergenza` and `teleconsulti/nuovo/pediatrico` (spec 001 screen 16): the
 * request form, or, while one is open, that request with its countdown (the popups' action for the
 * citizen leads here, so the page shows the request that was taken in charge).
 */
export default function QuickRequestPage() {
  const { t } = useTranslation();
  const subsection = useLocation().pathname.split("/").filter(Boolean).pop() as QuickSubsection;
  const config = QUICK_SUBSECTIONS[subsection] ?? QUICK_SUBSECTIONS.tcemergenza;
  const pending = usePending(config.pathKind);
  return (
    <div>
      <h1 className="mb-3">{t(`teleconsult.request.title.${config.kind}`)}</h1>
      <p>
        <Link to={citizenListPath()}>{t("teleconsult.request.back")}</Link>
      </p>
      {pending.isPending ? <PageLoader /> : null}
      {pending.isError ? <FormMessage kind="error">{pending.error.message}</FormMessage> : null}
      {pending.data?.has_pending && pending.data.reservation ? (
        <PendingRequest reservation={pending.data.reservation} />
      ) : null}
      {pending.data && !pending.data.has_pending ? <RequestForm kind={config.kind} pathKind={config.pathKind} /> : null}
    </div>
  );
}

function PendingRequest({ reservation }: { reservation: NonNullable<TTeleconsultPending["reservation"]> }) {
  const { t } = useTranslation();
  return (
    <section className="card-wrapper" aria-labelledby="pending-title" data-testid="teleconsult-pending">
      <div className="card shadow-sm p-3">
        <h2 id="pending-title" className="h4">
          {reservation.service.name}
        </h2>
        <p>
          <TeleconsultStatusBadge status={reservation.status} />
        </p>
        {reservation.status === "ricevuto" ? (
          <>
            <p>{t("teleconsult.request.waiting")}</p>
            {reservation.deadline ? (
              <Countdown until={reservation.deadline} label={t("teleconsult.countdown.label")} />
            ) : null}
          </>
        ) : null}
        {reservation.status === "confermato" && reservation.start ? (
          <p>
            {t("teleconsult.fields.start")}: {formatDateTime(reservation.start)}
          </p>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          <Link className="btn btn-outline-primary" to={citizenPreviewPath(reservation.hashid)}>
            {t("teleconsult.request.openPreview")}
          </Link>
          {reservation.status === "confermato" ? (
            <Link className="btn btn-primary" to={citizenCallPath(reservation.hashid)}>
              {t("teleconsult.request.join")}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function RequestForm({ kind, pathKind }: { kind: "rapido" | "pediatrico"; pathKind: "emergenza" | "tc_pediatrico" }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [forWhom, setForWhom] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const members = useFamilyMembers();
  const request = useRequestTeleconsult();
  // The paediatric service is for the citizen's children only (paediatric age band).
  const choices = (members.data ?? []).filter((m) => kind === "rapido" || m.age_band === "pediatrico");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { reason, for_whom: forWhom || null };
    const checked = ZTeleconsultRequestBody.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (kind === "pediatrico" && !forWhom) found.for_whom = t("teleconsult.request.childRequired");
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.success) return;
    request.mutate(
      { kind: pathKind, body: checked.data },
      {
        onError: (error) => {
          if (isApiError(error) && error.errors)
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ""])));
        },
      },
    );
  };

  const serverMessage =
    request.isError && !(isApiError(request.error) && request.error.status === 422) ? request.error.message : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(`teleconsult.request.title.${kind}`)}>
      <p>{t(`teleconsult.request.intro.${kind}`)}</p>
      <SelectField
        label={t("teleconsult.request.forWhom")}
        value={forWhom}
        onChange={(e) => setForWhom(e.target.value)}
        error={errors.for_whom}
        {...(kind === "pediatrico" ? { placeholder: t("teleconsult.request.chooseChild") } : {})}
        options={[
          ...(kind === "rapido" ? [{ value: "", label: t("teleconsult.request.myself") }] : []),
          ...choices.map((m) => ({ value: m.hashid, label: `${m.name} ${m.surname}` })),
        ]}
      />
      {kind === "pediatrico" && members.data && choices.length === 0 ? (
        <p className="text-muted">{t("teleconsult.request.noChild")}</p>
      ) : null}
      <div className="form-group">
        <label htmlFor={reasonId} className="active">
          {t("teleconsult.request.reason")}
        </label>
        <textarea
          id={reasonId}
          className={`form-control${errors.reason ? " is-invalid" : ""}`}
          rows={4}
          maxLength={1000}
          value={reason}
          required
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {errors.reason ? (
          <div id={`${reasonId}-error`} className="invalid-feedback d-block">
            {errors.reason}
          </div>
        ) : null}
      </div>
      {serverMessage ? (
        <FormMessage kind="error" testId="teleconsult-request-error">
          {serverMessage}
        </FormMessage>
      ) : null}
      <Button color="primary" type="submit" disabled={request.isPending}>
        {t("teleconsult.request.submit")}
      </Button>
    </form>
  );
}
