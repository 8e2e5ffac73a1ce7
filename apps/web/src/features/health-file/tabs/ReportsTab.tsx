import { ZSignedReportBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage, TextField } from "../../../ui/form.tsx";
import { useReportSettings, useSendSigningCode, useSignReport, useUploadReport } from "../api/records.ts";
import { ReportList } from "../components/ReportList.tsx";
import { TextAreaField } from "../components/TextAreaField.tsx";
import type { HealthTabProps } from "../types.ts";

/**
 * Reports (spec 001 screen 20): the person sees every report about them and downloads it; the operator
 * sees their company's, with 'scaricato' / 'non ancora scaricato', writes and signs one (with the
 * one-time code where the company requires it) or uploads one (with the company's subscription).
 */
export default function ReportsTab({ area, patientHash }: HealthTabProps) {
  return (
    <div>
      {area === "operatore" && patientHash ? <WriteReport patientHash={patientHash} /> : null}
      <ReportList patientHash={patientHash} showDownloadState={area === "operatore"} />
    </div>
  );
}

function WriteReport({ patientHash }: { patientHash: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { user } = useSession();
  const settings = useReportSettings(true);
  const sign = useSignReport();
  const sendCode = useSendSigningCode();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [registerId, setRegisterId] = useState("");
  const [discharge, setDischarge] = useState(false);
  const [otp, setOtp] = useState<{ hashid: string; number: string } | null>(null);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const otpRequired = settings.data?.otp_required === true;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      user_id: patientHash,
      title,
      body,
      register_id: registerId,
      discharge,
      ...(otpRequired && otp ? { otp: { hashid: otp.hashid, code } } : {}),
    };
    const parsed = ZSignedReportBody.safeParse(candidate);
    const next = parsed.success ? new Map<string, string>() : firstMessages(parsed.error.issues);
    setErrors(next);
    if (!parsed.success) return;
    sign.mutate(parsed.data, {
      onSuccess: () => {
        alerts.success(t("healthFile.reports.sign"));
        setTitle("");
        setBody("");
        setOtp(null);
        setCode("");
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) {
          setErrors(new Map(Object.entries(error.errors).map(([k, v]) => [k.split(".")[0] ?? k, v[0] ?? ""])));
        }
        alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    });
  };

  return (
    <section aria-labelledby="report-write" className="mb-4">
      <h2 id="report-write" className="h4">
        {t("healthFile.reports.write")}
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="report-write">
        <div className="row">
          <TextField
            wrapperClassName="col-md-6"
            label={t("healthFile.reports.reportTitle")}
            value={title}
            error={errors.get("title")}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            wrapperClassName="col-md-6"
            label={t("healthFile.reports.registerId")}
            value={registerId}
            error={errors.get("register_id")}
            onChange={(e) => setRegisterId(e.target.value)}
          />
        </div>
        <TextAreaField
          label={t("healthFile.reports.body")}
          value={body}
          error={errors.get("body")}
          onChange={(e) => setBody(e.target.value)}
        />
        <CheckboxField
          wrapperClassName="mb-3"
          label={t("healthFile.reports.isDischarge")}
          checked={discharge}
          onChange={(e) => setDischarge(e.target.checked)}
        />
        {otpRequired ? (
          <div className="mb-3">
            <p className="mb-2">{t("healthFile.reports.otpNeeded")}</p>
            <Button
              type="button"
              color="primary"
              outline
              size="sm"
              disabled={sendCode.isPending || !user}
              onClick={() =>
                user &&
                sendCode.mutate(
                  { me: user.hashid, cause: settings.data?.otp_cause ?? 11 },
                  {
                    onSuccess: (sent) => setOtp({ hashid: sent.hashid, number: sent.number }),
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            >
              {t("healthFile.reports.sendCode")}
            </Button>
            {otp ? (
              <>
                <p role="status" className="small mt-2">
                  {t("healthFile.reports.codeSent", { number: otp.number })}
                </p>
                <TextField
                  wrapperClassName="col-md-4"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  label={t("healthFile.reports.code")}
                  value={code}
                  error={errors.get("otp")}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
                />
              </>
            ) : errors.get("otp") ? (
              <FormMessage kind="error">{errors.get("otp")}</FormMessage>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" color="primary" disabled={sign.isPending || (otpRequired && !otp)}>
          {t("healthFile.reports.sign")}
        </Button>
      </form>
      {settings.data?.upload_allowed ? <UploadReport patientHash={patientHash} /> : null}
    </section>
  );
}

function UploadReport({ patientHash }: { patientHash: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const upload = useUploadReport();
  const [title, setTitle] = useState("");
  const [discharge, setDischarge] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="mt-4"
      aria-labelledby="report-upload"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!file || !title.trim()) {
          setError(t("healthFile.docs.fileRequired"));
          return;
        }
        setError(undefined);
        upload.mutate(
          { patientHash, title: title.trim(), discharge, file },
          {
            onSuccess: () => {
              alerts.success(t("healthFile.reports.uploadSubmit"));
              setTitle("");
            },
            onError: (e) => alerts.error(isApiError(e) ? e.message : t("errors.unexpected")),
          },
        );
      }}
    >
      <h3 id="report-upload" className="h5">
        {t("healthFile.reports.uploadTitle")}
      </h3>
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          label={t("healthFile.reports.reportTitle")}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          wrapperClassName="col-md-6"
          type="file"
          accept="application/pdf,image/*"
          label={t("healthFile.docs.file")}
          error={error}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <CheckboxField
        wrapperClassName="mb-3"
        label={t("healthFile.reports.isDischarge")}
        checked={discharge}
        onChange={(e) => setDischarge(e.target.checked)}
      />
      <Button type="submit" color="primary" outline disabled={upload.isPending}>
        {t("healthFile.reports.uploadSubmit")}
      </Button>
    </form>
  );
}
