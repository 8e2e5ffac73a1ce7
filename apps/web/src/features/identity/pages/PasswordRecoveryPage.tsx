import { EMAIL_MESSAGE, isValidEmail, isValidTaxCode, TAX_CODE_MESSAGE } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SupportModal } from "../../../app/shells/SupportModal.tsx";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useForgetPasswordByEmail } from "../api/password-forget.ts";
import { useForgetPasswordByTaxCode } from "../api/password-forget-cf.ts";

/** Spec 000 §2.8: 1 by e-mail, 2 by tax code (SMS to the first phone), 3 by tax code to the reserve phone. */
export type RecoveryMode = 1 | 2 | 3;

/**
 * PasswordRecovery (spec 000 §2.8, §4): three modes, links to switch ('Non ricordo la mia e-mail'
 * from 1 to 2, 'Non ho ricevuto e-mail o SMS' from 2 to 3); switching resets the sent state. After
 * sending in mode 3 the page offers support and the way back to the login. ?email= pre-fills mode 1.
 */
export default function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<RecoveryMode>(1);
  // Each mode is its own form: a new key on switching starts it afresh (nothing sent, no error).
  const [round, setRound] = useState(0);
  const switchTo = (next: RecoveryMode) => {
    setMode(next);
    setRound((r) => r + 1);
  };

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("recovery.title")}</h1>
        {mode === 1 ? (
          <EmailMode key={round} initialEmail={params.get("email") ?? ""} />
        ) : (
          <TaxCodeMode key={round} second={mode === 3} />
        )}
        <nav aria-label={t("recovery.otherWays")} className="mt-4">
          <ul className="list-unstyled d-flex flex-column gap-2">
            {mode === 1 ? (
              <li>
                <button type="button" className="btn btn-link p-0" onClick={() => switchTo(2)}>
                  {t("recovery.noEmail")}
                </button>
              </li>
            ) : null}
            {mode === 2 ? (
              <li>
                <button type="button" className="btn btn-link p-0" onClick={() => switchTo(3)}>
                  {t("recovery.notReceived")}
                </button>
              </li>
            ) : null}
            {mode !== 1 ? (
              <li>
                <button type="button" className="btn btn-link p-0" onClick={() => switchTo(1)}>
                  {t("recovery.useEmail")}
                </button>
              </li>
            ) : null}
            <li>
              <Link to="/login">{t("recovery.backToLogin")}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}

function EmailMode({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const forget = useForgetPasswordByEmail();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const send = async () => {
    setError(null);
    if (!isValidEmail(email.trim())) {
      setError(EMAIL_MESSAGE);
      return;
    }
    try {
      await forget.mutateAsync(email.trim());
      setSent(true);
    } catch (caught) {
      setError(isApiError(caught) && caught.status === 422 ? t("recovery.emailInvalid") : t("errors.unexpected"));
    }
  };

  return (
    <section aria-labelledby="recovery-mode-title">
      <h2 id="recovery-mode-title" className="h4">
        {t("recovery.byEmail")}
      </h2>
      <p>{t("recovery.byEmailText")}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label={t("recovery.email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={error ?? undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {sent ? (
          <FormMessage kind="success" testId="recovery-sent">
            {t("recovery.mailSent")}
          </FormMessage>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={forget.isPending}>
          {t("recovery.send")}
        </button>
      </form>
    </section>
  );
}

function TaxCodeMode({ second }: { second: boolean }) {
  const { t } = useTranslation();
  const forget = useForgetPasswordByTaxCode();
  const [cf, setCf] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);

  const send = async () => {
    setError(null);
    if (!isValidTaxCode(cf)) {
      setError(TAX_CODE_MESSAGE);
      return;
    }
    try {
      await forget.mutateAsync({ cf: cf.trim(), second });
      setSent(true);
    } catch (caught) {
      setError(isApiError(caught) && caught.status === 422 ? TAX_CODE_MESSAGE : t("errors.unexpected"));
    }
  };

  return (
    <section aria-labelledby="recovery-mode-title">
      <h2 id="recovery-mode-title" className="h4">
        {second ? t("recovery.bySecondPhone") : t("recovery.byTaxCode")}
      </h2>
      <p>{second ? t("recovery.bySecondPhoneText") : t("recovery.byTaxCodeText")}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <TextField
          label={t("anagrafica.cf")}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={cf}
          error={error ?? undefined}
          onChange={(event) => setCf(event.target.value)}
        />
        {sent ? (
          <FormMessage kind="success" testId="recovery-sent">
            {t("recovery.smsSent")}
          </FormMessage>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={forget.isPending}>
          {t("recovery.send")}
        </button>
      </form>
      {second && sent ? (
        <div className="mt-4" data-testid="recovery-support">
          <p>{t("recovery.stillNothing")}</p>
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary" onClick={() => setSupportOpen(true)}>
              {t("login.contactSupport")}
            </button>
            <Link to="/login" className="btn btn-outline-primary">
              {t("recovery.backToLogin")}
            </Link>
          </div>
          <SupportModal isOpen={supportOpen} onClose={() => setSupportOpen(false)} />
        </div>
      ) : null}
    </section>
  );
}
