import { OTP_CAUSES, OTP_LIMITS, OTP_STATUS, sanitizePhoneInput, type TUser, ZPhoneNumber } from "@cura/domain";
import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { landingPathOf, profilePathOf } from "../../../app/gate.ts";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { isCompleteOtp, OtpInput } from "../../../ui/OtpInput.tsx";
import { toAnagraficaFields } from "../anagrafica.ts";
import { useUpdateAnagrafica } from "../api/anagrafica-update.ts";
import { refreshMe, useMe } from "../api/me.ts";
import { type OtpSent, useSendOtp } from "../api/otp-send.ts";
import { useVerifyOtp } from "../api/otp-verify.ts";

/**
 * Number verification (spec 000 §2.7, spec 001 §4 "OTP flow"). With a phone number: a one-time
 * code (cause 1) by SMS, a 299-second countdown, six boxes, the statuses of spec 001 §4, a new code
 * on request. Without one: an Italian (+39) number is asked for and saved on the personal record.
 * Once verified: Home, or the e-mail verification page while the e-mail is unverified.
 */
export default function NumberVerificationPage() {
  const { t } = useTranslation();
  const { user, token } = useSession();
  const me = useMe(token !== null);
  if (!user) return null; // the guard sends anonymous visitors to /login
  const fresh = me.data ?? user;
  if (fresh.number_verified_at && me.isSuccess) return <Navigate to={landingPathOf(fresh)} replace />;

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-10 col-lg-7">
        <h1 className="mb-3">{t("numberVerify.title")}</h1>
        {fresh.anagrafica === null ? (
          <>
            <p className="lead">{t("numberVerify.noRecord")}</p>
            <Link to={profilePathOf(fresh)} className="btn btn-primary">
              {t("numberVerify.completeProfile")}
            </Link>
          </>
        ) : fresh.anagrafica.tel_number ? (
          <OtpVerification user={fresh} />
        ) : (
          <PhoneForm user={fresh} />
        )}
      </div>
    </div>
  );
}

interface PhoneValues {
  tel_number: string;
}

function PhoneForm({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const update = useUpdateAnagrafica();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAppForm<PhoneValues>({
    defaultValues: { tel_number: "" },
    resolver: schemaResolver<PhoneValues>(
      { safeParse: (v) => wrap(ZPhoneNumber.safeParse((v as PhoneValues).tel_number)) },
      (v) => v,
    ),
  });
  const registered = form.register("tel_number");

  const onSubmit = form.handleSubmit(async ({ tel_number }) => {
    setFormError(null);
    if (!user.anagrafica) return;
    try {
      await update.mutateAsync({ ...toAnagraficaFields(user.anagrafica), prefix: DEFAULT_PHONE_PREFIX, tel_number });
    } catch (error) {
      const { placed, rest } = setServerErrors(error, form.setError, ["tel_number"]);
      if (placed === 0) setFormError([...rest, isApiError(error) ? error.message : t("errors.unexpected")].join(" "));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <p className="lead">{t("numberVerify.askNumber")}</p>
      <TextField
        label={t("numberVerify.number")}
        hint={t("numberVerify.numberHint")}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={form.formState.errors.tel_number?.message}
        append={<span className="input-group-text order-first">{DEFAULT_PHONE_PREFIX}</span>}
        {...registered}
        onChange={(event) => {
          event.target.value = sanitizePhoneInput(event.target.value);
          void registered.onChange(event);
        }}
      />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn btn-primary" disabled={update.isPending}>
        {t("numberVerify.saveNumber")}
      </button>
    </form>
  );
}

/** A zod result with the issue placed on `tel_number`. */
function wrap(result: ReturnType<typeof ZPhoneNumber.safeParse>) {
  if (result.success) return { success: true as const, data: result.data };
  return {
    success: false as const,
    error: { issues: result.error.issues.map((i) => ({ path: ["tel_number"], message: i.message })) },
  };
}

type Message = { kind: "success" | "error" | "info" | "warning"; text: string };

const STATUS_KEYS: Record<
  number,
  | "otpStatus.systemError"
  | "otpStatus.sent"
  | "otpStatus.verified"
  | "otpStatus.wrong"
  | "otpStatus.expired"
  | "otpStatus.alreadyVerified"
  | "otpStatus.deleted"
> = {
  [OTP_STATUS.systemError]: "otpStatus.systemError",
  [OTP_STATUS.sent]: "otpStatus.sent",
  [OTP_STATUS.verified]: "otpStatus.verified",
  [OTP_STATUS.wrong]: "otpStatus.wrong",
  [OTP_STATUS.expired]: "otpStatus.expired",
  [OTP_STATUS.alreadyVerified]: "otpStatus.alreadyVerified",
  [OTP_STATUS.deleted]: "otpStatus.deleted",
};

function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

function OtpVerification({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useSendOtp();
  const verify = useVerifyOtp();
  const messageId = useId();
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [code, setCode] = useState("");
  const [remaining, setRemaining] = useState(0);
  const [message, setMessage] = useState<Message | null>(null);
  const [closed, setClosed] = useState(false);
  const [blocked, setBlocked] = useState(false);

  // The countdown: one tick a second while a code is open; at 0 the code has expired.
  useEffect(() => {
    if (!sent || closed || remaining <= 0) return;
    const timer = setTimeout(() => {
      const next = remaining - 1;
      setRemaining(next);
      if (next === 0) {
        setClosed(true);
        setMessage({ kind: "warning", text: t("otpStatus.expired") });
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [sent, closed, remaining, t]);

  const sendCode = async () => {
    setMessage(null);
    try {
      const result = await send.mutateAsync({ userHashid: user.hashid, cause: OTP_CAUSES.phoneVerification });
      setSent(result);
      setCode("");
      setClosed(false);
      setRemaining(OTP_LIMITS.validitySeconds);
      setMessage({ kind: "info", text: t("otpStatus.sent") });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setBlocked(true);
        setMessage({ kind: "error", text: error.message || t("numberVerify.tooManySends") });
      } else if (isApiError(error) && (error.status === 400 || error.status === 422)) {
        setMessage({ kind: "error", text: error.message });
      } else {
        setMessage({ kind: "error", text: t("numberVerify.sendFailed") });
      }
    }
  };

  const finish = async () => {
    const fresh = await refreshMe(queryClient).catch(() => null);
    if (!fresh) return;
    const landing = landingPathOf(fresh);
    flashOnArrival(landing, "success", t("otpStatus.verified"));
    void navigate(landing, { replace: true });
  };

  const verifyCode = async () => {
    if (!sent || !isCompleteOtp(code)) return;
    setMessage(null);
    try {
      const { status } = await verify.mutateAsync({ userHashid: user.hashid, hashid: sent.hashid, code });
      const key = STATUS_KEYS[status] ?? "otpStatus.systemError";
      if (status === OTP_STATUS.verified || status === OTP_STATUS.alreadyVerified) {
        setClosed(true);
        setMessage({ kind: "success", text: t(key) });
        await finish();
        return;
      }
      if (status === OTP_STATUS.expired || status === OTP_STATUS.deleted) {
        setClosed(true);
        setRemaining(0);
      }
      if (status === OTP_STATUS.wrong) setCode("");
      setMessage({ kind: status === OTP_STATUS.wrong ? "error" : "warning", text: t(key) });
    } catch {
      setMessage({ kind: "error", text: t("numberVerify.verifyFailed") });
    }
  };

  const number = `${user.anagrafica?.prefix ?? DEFAULT_PHONE_PREFIX} ${sent?.number ?? user.anagrafica?.tel_number ?? ""}`;
  return (
    <div>
      {!sent ? (
        <p className="lead">{t("numberVerify.intro", { number })}</p>
      ) : (
        <p className="lead" data-testid="otp-number">
          {t("numberVerify.sentTo", { number })}
        </p>
      )}
      {blocked ? (
        <FormMessage kind="error" testId="otp-blocked">
          <p className="mb-1 fw-semibold">{t("numberVerify.blocked")}</p>
          <p className="mb-0">{message?.text}</p>
        </FormMessage>
      ) : message ? (
        <FormMessage kind={message.kind} id={messageId} testId="otp-message">
          {message.text}
        </FormMessage>
      ) : null}
      {sent ? (
        <form
          noValidate
          className="mb-4"
          onSubmit={(event) => {
            event.preventDefault();
            void verifyCode();
          }}
        >
          <OtpInput
            label={t("otp.label")}
            value={code}
            onChange={setCode}
            length={OTP_LIMITS.digits}
            disabled={closed || verify.isPending}
            invalid={message?.text === t("otpStatus.wrong")}
            describedBy={message ? messageId : undefined}
          />
          {!closed ? (
            <p className="mt-3" role="timer" data-testid="otp-countdown">
              {t("numberVerify.expiresIn", { time: formatSeconds(remaining) })}
            </p>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary mt-2"
            disabled={closed || verify.isPending || !isCompleteOtp(code)}
          >
            {t("numberVerify.verify")}
          </button>
        </form>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {!blocked ? (
          <button
            type="button"
            className={sent ? "btn btn-outline-primary" : "btn btn-primary"}
            disabled={send.isPending}
            onClick={() => void sendCode()}
          >
            {sent ? t("numberVerify.resend") : t("numberVerify.send")}
          </button>
        ) : null}
        <Link to={profilePathOf(user)} className="btn btn-link">
          {t("numberVerify.editInProfile")}
        </Link>
      </div>
    </div>
  );
}
