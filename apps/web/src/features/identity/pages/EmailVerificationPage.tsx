import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { landingPathOf, profilePathOf } from "../../../app/gate.ts";
import { isApiError } from "../../../lib/api.ts";
import { session, useSession } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { fetchMe, meQueryKey, useMe } from "../api/me.ts";
import { useResendVerificationEmail } from "../api/resend-email.ts";

type Outcome = { kind: "success" | "error" | "info"; text: string; login?: boolean };

/**
 * E-mail verification outcome (spec 000 §2.6), /email/verify/{status}: success (welcome, to Home,
 * loading the user from ?access_token= when present), already (to the profile), anything else asks
 * to confirm the address, says 'Link non più valido' with ?mailtoken, and offers a new mail
 * (POST email/resend: 400 asks to sign in, 404 already verified, else 'Mail inviata').
 */
export default function EmailVerificationPage() {
  const { status } = useParams();
  if (status === "success") return <VerifiedPage />;
  if (status === "already") return <AlreadyVerifiedPage />;
  return <ConfirmEmailPage />;
}

function VerifiedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const accessToken = params.get("access_token");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const goHome = async () => {
    if (!accessToken) {
      void navigate("/");
      return;
    }
    setBusy(true);
    try {
      const user = await fetchMe({ token: accessToken });
      session.signIn(accessToken, user);
      queryClient.setQueryData(meQueryKey, user);
      void navigate(landingPathOf(user), { replace: true });
    } catch (caught) {
      setBusy(false);
      setError(isApiError(caught) ? caught.message : t("errors.unexpected"));
    }
  };

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("emailVerify.success.title")}</h1>
        <p className="lead">{t("emailVerify.success.text")}</p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void goHome()}>
          {t("emailVerify.success.home")}
        </button>
      </div>
    </div>
  );
}

function AlreadyVerifiedPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("emailVerify.already.title")}</h1>
        <p className="lead">{t("emailVerify.already.text")}</p>
        <Link to={user ? profilePathOf(user) : "/login"} className="btn btn-primary">
          {t("emailVerify.already.profile")}
        </Link>
      </div>
    </div>
  );
}

function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user, token } = useSession();
  // The stored user may predate the click on the link (another tab): ask the server, and again each
  // time this tab comes back into view, so it moves on by itself once the link has been opened
  // elsewhere (issue 16: it stayed on "Conferma il tuo indirizzo"). The app's queries do not refetch
  // on focus; here it is the whole point.
  const me = useMe(token !== null);
  const { refetch } = me;
  useEffect(() => {
    if (token === null) return;
    const refresh = () => {
      if (document.visibilityState !== "hidden") void refetch();
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [token, refetch]);
  const resend = useResendVerificationEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const fresh = me.data ?? user;
  if (fresh?.email_verified_at && me.isSuccess) return <Navigate to={landingPathOf(fresh)} replace />;

  const send = async () => {
    setOutcome(null);
    try {
      await resend.mutateAsync();
      setOutcome({ kind: "success", text: t("emailVerify.resend.sent") });
    } catch (error) {
      if (isApiError(error) && error.status === 400)
        setOutcome({ kind: "error", text: t("emailVerify.resend.signIn"), login: true });
      else if (isApiError(error) && error.status === 404)
        setOutcome({ kind: "info", text: t("emailVerify.resend.already") });
      else setOutcome({ kind: "error", text: t("emailVerify.resend.invalid") });
    }
  };

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("emailVerify.confirm.title")}</h1>
        {params.has("mailtoken") ? (
          <FormMessage kind="warning" testId="link-invalid">
            {t("emailVerify.confirm.linkInvalid")}
          </FormMessage>
        ) : null}
        <p className="lead">
          {fresh?.email ? t("emailVerify.confirm.textTo", { email: fresh.email }) : t("emailVerify.confirm.text")}
        </p>
        <p>{t("emailVerify.confirm.resendHint")}</p>
        {outcome ? (
          <FormMessage kind={outcome.kind} testId="resend-outcome">
            {outcome.text}
            {outcome.login ? (
              <>
                {" "}
                <Link to="/login">{t("login.title")}</Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary" disabled={resend.isPending} onClick={() => void send()}>
            {resend.isPending ? t("emailVerify.resend.sending") : t("emailVerify.resend.button")}
          </button>
          {fresh ? (
            <Link to={profilePathOf(fresh)} className="btn btn-outline-primary">
              {t("emailVerify.confirm.profile")}
            </Link>
          ) : null}
        </div>
      </div>
    </div>
  );
}
