import {
  NATIONAL_IDENTITY_LABELS,
  NATIONAL_IDENTITY_MESSAGES,
  type NationalIdentityProvider,
  type TNationalIdentityData,
} from "@cura/domain";
import { DELAYS_MS } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { session } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { meQueryKey } from "../../identity/api/me.ts";
import { type VerifyOutcome, verifyNationalIdentity } from "../api/verify.ts";
import { CompletionForm } from "../components/CompletionForm.tsx";

const KNOWN_ERRORS: readonly string[] = Object.values(NATIONAL_IDENTITY_MESSAGES);

/**
 * The API sends the browser back with one of its own messages. Anything else in the query (a link
 * crafted to show someone a message of its choosing) is shown as the generic failure.
 */
function knownError(error: string | null): string | null {
  if (!error) return null;
  return KNOWN_ERRORS.includes(error) ? error : NATIONAL_IDENTITY_MESSAGES.failed;
}

type Phase =
  | { kind: "verifying" }
  | { kind: "error"; message: string }
  | { kind: "completion"; identity: TNationalIdentityData; token: string };

/**
 * The return from SPID or CIE, /login/spid and /login/cie (spec 000 §2.5): `error` in the query is
 * shown and the person goes back to /login after 5 seconds; `token` is verified: an account signs in
 * (stored as at login, then Home, where the guard and the post-login gate take over), no account
 * shows the completion form pre-filled with the identity.
 */
export function NationalIdentityReturnPage({ provider }: { provider: NationalIdentityProvider }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get("token");
  const error = knownError(params.get("error"));
  const [phase, setPhase] = useState<Phase>(() =>
    error || !token ? { kind: "error", message: error || t("nationalIdentity.return.missing") } : { kind: "verifying" },
  );
  // The verification runs once per token, even when React runs the effect twice (StrictMode):
  // a sign-in spends the token, so a second call would fail.
  const verification = useRef<{ token: string; outcome: Promise<VerifyOutcome> } | null>(null);

  useEffect(() => {
    if (error || !token) {
      setPhase({ kind: "error", message: error || t("nationalIdentity.return.missing") });
      return;
    }
    if (verification.current?.token !== token) {
      verification.current = { token, outcome: verifyNationalIdentity(provider, token) };
    }
    setPhase({ kind: "verifying" });
    let active = true;
    verification.current.outcome
      .then(async (outcome) => {
        if (!active) return;
        if (outcome.kind === "signedIn") {
          session.signIn(outcome.token, outcome.user);
          queryClient.setQueryData(meQueryKey, outcome.user);
          await navigate("/", { replace: true });
          return;
        }
        setPhase({ kind: "completion", identity: outcome.identity, token });
      })
      .catch(async (failure: unknown) => {
        if (!active) return;
        if (isApiError(failure) && failure.status === 401) {
          await navigate("/disabled", { replace: true });
          return;
        }
        setPhase({ kind: "error", message: isApiError(failure) ? failure.message : t("errors.unexpected") });
      });
    return () => {
      active = false;
    };
  }, [provider, token, error, navigate, queryClient, t]);

  // Spec 000 §2.5, §9: an error is shown, then back to the login page after 5 seconds.
  useEffect(() => {
    if (phase.kind !== "error") return;
    const timer = window.setTimeout(() => void navigate("/login", { replace: true }), DELAYS_MS.spidErrorRedirect);
    return () => window.clearTimeout(timer);
  }, [phase.kind, navigate]);

  const label = NATIONAL_IDENTITY_LABELS[provider];
  if (phase.kind === "completion") {
    return <CompletionForm provider={provider} identity={phase.identity} token={phase.token} />;
  }
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-4">{t("nationalIdentity.return.title", { provider: label })}</h1>
        {phase.kind === "verifying" ? (
          <PageLoader label={t("nationalIdentity.return.verifying")} />
        ) : (
          <>
            <FormMessage kind="error" testId="national-identity-return-error">
              {phase.message}
            </FormMessage>
            <p>{t("nationalIdentity.return.redirecting")}</p>
            <Link to="/login" className="btn btn-outline-primary">
              {t("nationalIdentity.return.backToLogin")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
