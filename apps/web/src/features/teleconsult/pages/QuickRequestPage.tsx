import {
  TELECONSULT_MAX_ATTACHMENTS,
  type TTeleconsultPending,
  type TUploadResult,
  ZTeleconsultRequestBody,
} from "@cura/domain";
import { citizenMayCancelTeleconsult } from "@cura/domain/booking-states";
import { Button } from "design-react-kit";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, SelectField } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useFamilyMembers } from "../../booking-wizard/api/family-members.ts";
import { formatDateTime } from "../../bookings/format.ts";
import { MandatorySurvey } from "../../surveys/components/MandatorySurvey.tsx";
import { uploadAttachment } from "../api/attachments.ts";
import { usePending } from "../api/pending.ts";
import { useRequestTeleconsult } from "../api/request.ts";
import { Countdown } from "../components/Countdown.tsx";
import { TeleconsultStatusBadge } from "../components/TeleconsultStatusBadge.tsx";
import { useFocusAfterWithdrawal, WithdrawRequest } from "../components/WithdrawRequest.tsx";
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
 * citizen leads here, so the page shows the request that was taken in charge) and 'Annulla richiesta'
 * until its call connects.
 */
export default function QuickRequestPage() {
  const { t } = useTranslation();
  const subsection = useLocation().pathname.split("/").filter(Boolean).pop() as QuickSubsection;
  const config = QUICK_SUBSECTIONS[subsection] ?? QUICK_SUBSECTIONS.tcemergenza;
  const pending = usePending(config.pathKind);
  const [withdrawn, setWithdrawn] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Withdrawing removes the request, its button and its dialog: the heading takes the focus (the
  // form comes back below it).
  useFocusAfterWithdrawal(withdrawn !== null, headingRef);
  const reservation = pending.data?.has_pending ? pending.data.reservation : null;
  const shown = reservation && reservation.hashid !== withdrawn ? reservation : null;
  return (
    <div>
      <h1 ref={headingRef} tabIndex={-1} className="mb-3">
        {t(`teleconsult.request.title.${config.kind}`)}
      </h1>
      <p>
        <Link to={citizenListPath()}>{t("teleconsult.request.back")}</Link>
      </p>
      {withdrawn ? (
        <FormMessage kind="success" testId="teleconsult-withdrawn">
          {t("teleconsult.withdraw.done")}
        </FormMessage>
      ) : null}
      {pending.isPending ? <PageLoader /> : null}
      {pending.isError ? <FormMessage kind="error">{pending.error.message}</FormMessage> : null}
      {shown ? (
        <PendingRequest kind={config.kind} reservation={shown} onWithdrawn={() => setWithdrawn(shown.hashid)} />
      ) : null}
      {/* Issue 13: the mandatory survey of a quick or paediatric request (spec 001 §4). */}
      <MandatorySurvey pending={pending.data} onFilled={() => void pending.refetch()} />
      {pending.data && !pending.data.has_pending ? (
        <RequestForm kind={config.kind} pathKind={config.pathKind} onSent={() => setWithdrawn(null)} />
      ) : null}
    </div>
  );
}

function PendingRequest({
  kind,
  reservation,
  onWithdrawn,
}: {
  kind: "rapido" | "pediatrico";
  reservation: NonNullable<TTeleconsultPending["reservation"]>;
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation();
  const withdrawable = citizenMayCancelTeleconsult({
    kind,
    status: reservation.status,
    start: reservation.start,
    connected_at: reservation.connected_at ?? null,
    ended_at: null,
  });
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
          {withdrawable ? <WithdrawRequest hashid={reservation.hashid} onWithdrawn={onWithdrawn} /> : null}
        </div>
      </div>
    </section>
  );
}

function RequestForm({
  kind,
  pathKind,
  onSent,
}: {
  kind: "rapido" | "pediatrico";
  pathKind: "emergenza" | "tc_pediatrico";
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [forWhom, setForWhom] = useState("");
  const [attachments, setAttachments] = useState<TUploadResult[]>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const members = useFamilyMembers();
  const request = useRequestTeleconsult();
  // The paediatric service is for the citizen's children only (paediatric age band).
  const choices = (members.data ?? []).filter((m) => kind === "rapido" || m.age_band === "pediatrico");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      reason,
      for_whom: forWhom || null,
      ...(attachments.length > 0 ? { attachments: attachments.map((a) => a.hashid as string) } : {}),
    };
    const checked = ZTeleconsultRequestBody.safeParse(body);
    const found: Record<string, string> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (kind === "pediatrico" && !forWhom) found.for_whom = t("teleconsult.request.childRequired");
    setErrors(found);
    if (Object.keys(found).length > 0 || !checked.success) return;
    request.mutate(
      { kind: pathKind, body: checked.data },
      {
        onSuccess: onSent,
        onError: (error) => {
          if (isApiError(error) && error.errors)
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ""])));
        },
      },
    );
  };

  // Each file is uploaded when chosen; the request then names the uploads (at most 5).
  const onFiles = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, TELECONSULT_MAX_ATTACHMENTS - attachments.length);
    if (chosen.length === 0) return;
    setUploading(true);
    try {
      const stored = await Promise.all(chosen.map(uploadAttachment));
      setAttachments((current) => [...current, ...stored]);
      setErrors(({ attachments: _, ...rest }) => rest);
    } catch (error) {
      const detail = isApiError(error) ? Object.values(error.errors).flat()[0] : undefined;
      setErrors((current) => ({ ...current, attachments: detail ?? t("teleconsult.request.attachmentFailed") }));
    } finally {
      setUploading(false);
    }
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
      <div className="form-group">
        <label htmlFor={`${reasonId}-files`} className="active">
          {t("teleconsult.request.attachments", { max: TELECONSULT_MAX_ATTACHMENTS })}
        </label>
        <input
          id={`${reasonId}-files`}
          type="file"
          className={`form-control${errors.attachments ? " is-invalid" : ""}`}
          accept="application/pdf,image/*"
          multiple
          disabled={uploading || attachments.length >= TELECONSULT_MAX_ATTACHMENTS}
          aria-describedby={errors.attachments ? `${reasonId}-files-error` : undefined}
          onChange={(e) => {
            void onFiles(e.target.files);
            e.target.value = "";
          }}
        />
        {errors.attachments ? (
          <div id={`${reasonId}-files-error`} className="invalid-feedback d-block">
            {errors.attachments}
          </div>
        ) : null}
        {attachments.length > 0 ? (
          <ul className="list-unstyled mt-2" aria-label={t("teleconsult.fields.attachments")}>
            {attachments.map((file) => (
              <li key={file.hashid} className="d-flex align-items-center gap-2">
                <span>{file.name}</span>
                <button
                  type="button"
                  className="btn btn-link btn-sm"
                  onClick={() => setAttachments((current) => current.filter((a) => a.hashid !== file.hashid))}
                >
                  {t("teleconsult.request.removeAttachment", { name: file.name })}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {serverMessage ? (
        <FormMessage kind="error" testId="teleconsult-request-error">
          {serverMessage}
        </FormMessage>
      ) : null}
      <Button color="primary" type="submit" disabled={request.isPending || uploading}>
        {t("teleconsult.request.submit")}
      </Button>
    </form>
  );
}
