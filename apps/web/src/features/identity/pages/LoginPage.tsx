import { OPERATOR_REFUSED_CODE, type TLoginBody } from "@cura/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BRAND, telHref } from "../../../app/brand.ts";
import { landingPathOf } from "../../../app/gate.ts";
import { isApiError } from "../../../lib/api.ts";
import { session } from "../../../lib/session.ts";
import { lazyModal } from "../../../ui/lazy-modal.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { NationalIdentityButtons } from "../../national-identity/index.ts";
import { useLogin } from "../api/login.ts";
import { fetchMe, meQueryKey } from "../api/me.ts";
import type { LoginErrors } from "../login-form.ts";

const FIELDS = ["email", "password"] as const;

// zod, the contracts and the modals come after the page has shown (issue 15: the sign-in page's
// first load); the validation is fetched once the page is idle, so the first submit seldom waits.
const loadValidation = () => import("../login-form.ts").then((m) => m.validateLogin);
const SupportModal = lazyModal(() => import("../../../app/shells/SupportModal.tsx").then((m) => m.SupportModal));
const RecoveryEmailModal = lazyModal(() =>
  import("../components/RecoveryEmailModal.tsx").then((m) => m.RecoveryEmailModal),
);

/**
 * Login (spec 000 §2.3): e-mail or username and password. 422 shows the server's message under the
 * form, 401 means a disabled account, 429 shows the throttle message (spec 000 §8). With
 * ?access_token= (a return from an e-mail link) the user is loaded with that token.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const accessToken = params.get("access_token");
  const loginMutation = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const [tokenLoading, setTokenLoading] = useState(Boolean(accessToken));
  const ids = { email: useId(), password: useId(), error: useId() };

  const [values, setValues] = useState<TLoginBody>({ email: "", password: "" });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [checked, setChecked] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    idle(() => void loadValidation().catch(() => undefined));
  }, []);

  // As the other forms (lib/forms.ts): checked on submit, then again as the user corrects a field.
  const change = (field: keyof TLoginBody) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked) void loadValidation().then((validate) => setErrors(validate(next)));
  };
  const showErrors = (found: LoginErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
  };

  useEffect(() => {
    if (!accessToken) return;
    let cancelled = false;
    fetchMe({ token: accessToken })
      .then((user) => {
        if (cancelled) return;
        session.signIn(accessToken, user);
        queryClient.setQueryData(meQueryKey, user);
        void navigate(landingPathOf(user), { replace: true });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setTokenLoading(false);
        setFormError(isApiError(error) ? error.message : t("errors.unexpected"));
      });
    return () => {
      cancelled = true;
    };
  }, [accessToken, navigate, queryClient, t]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setChecked(true);
    const found = (await loadValidation())(values);
    if (FIELDS.some((field) => found[field])) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { token, user } = await loginMutation.mutateAsync({ email: values.email, password: values.password });
      session.signIn(token, user);
      queryClient.setQueryData(meQueryKey, user);
      // The post-login gate (spec 000 §2.11) decides where a new session starts.
      await navigate(landingPathOf(user), { replace: true });
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(t("errors.unexpected"));
        return;
      }
      // A company refused this operator's request to join: the server's message says so, here.
      if (error.status === 401 && error.code === OPERATOR_REFUSED_CODE) {
        setFormError(error.message);
        return;
      }
      if (error.status === 401) {
        await navigate("/disabled", { replace: true });
        return;
      }
      if (error.status === 422) {
        showErrors(Object.fromEntries(FIELDS.map((field) => [field, error.errors[field]?.join(" ")])));
      }
      if (error.status === 429) {
        setFormError(error.message || t("login.errors.throttled"));
        return;
      }
      setFormError(error.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (tokenLoading) return <PageLoader label={t("login.loadingUser")} />;

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("login.title")}</h1>
        <p className="lead mb-5">{t("login.lead")}</p>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-describedby={formError ? ids.error : undefined}
        >
          <div className="form-group">
            <label htmlFor={ids.email} className="active">
              {t("login.email")}
            </label>
            <input
              id={ids.email}
              type="text"
              className={`form-control${errors.email ? " is-invalid" : ""}`}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${ids.email}-error` : undefined}
              name="email"
              ref={inputs.email}
              value={values.email}
              onChange={change("email")}
            />
            {errors.email ? (
              <div id={`${ids.email}-error`} className="invalid-feedback d-block">
                {errors.email}
              </div>
            ) : null}
          </div>
          <div className="form-group">
            <label htmlFor={ids.password} className="active">
              {t("login.password")}
            </label>
            <div className="input-group">
              <input
                id={ids.password}
                type={showPassword ? "text" : "password"}
                className={`form-control${errors.password ? " is-invalid" : ""}`}
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? `${ids.password}-error` : undefined}
                name="password"
                ref={inputs.password}
                value={values.password}
                onChange={change("password")}
              />
              <button
                type="button"
                className="btn btn-outline-primary"
                aria-controls={ids.password}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? t("login.hidePassword") : t("login.showPassword")}
              </button>
            </div>
            {errors.password ? (
              <div id={`${ids.password}-error`} className="invalid-feedback d-block">
                {errors.password}
              </div>
            ) : null}
          </div>
          {formError ? (
            <div id={ids.error} className="alert alert-danger" role="alert" data-testid="login-error">
              {formError}
            </div>
          ) : null}
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={isSubmitting}>
            {isSubmitting ? t("login.submitting") : t("login.submit")}
          </button>
          <div className="d-flex flex-wrap justify-content-between gap-2 mt-3">
            <Link to="/password/recovery">{t("login.forgotPassword")}</Link>
            <button type="button" className="btn btn-link p-0" onClick={() => setRecoveryOpen(true)}>
              {t("login.recoverByEmail")}
            </button>
          </div>
        </form>
        <section className="mt-4" aria-labelledby="login-nid-title">
          <h2 id="login-nid-title" className="h5">
            {t("nationalIdentity.buttons.title")}
          </h2>
          <NationalIdentityButtons />
        </section>

        <section className="mt-5" aria-labelledby="login-register-title">
          <h2 id="login-register-title" className="h5">
            {t("login.noAccount")}
          </h2>
          <p>{t("login.registerText")}</p>
          <Link to="/register" className="btn btn-outline-primary">
            {t("login.register")}
          </Link>
        </section>

        <section className="mt-5" aria-labelledby="login-help-title">
          <h2 id="login-help-title" className="h5">
            {t("login.helpTitle")}
          </h2>
          <p className="mb-3">{t("login.helpText", { hours: t("support.hours") })}</p>
          {BRAND.showSupportPhoneOnLogin ? (
            <p>
              {t("support.phone")}: <a href={telHref(BRAND.support.phone)}>{BRAND.support.phone}</a>
            </p>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline-primary" onClick={() => setSupportOpen(true)}>
              {t("login.contactSupport")}
            </button>
            <Link to="/help" className="btn btn-outline-primary">
              {t("login.helpPage")}
            </Link>
          </div>
        </section>
        <SupportModal isOpen={supportOpen} onClose={() => setSupportOpen(false)} />
        <RecoveryEmailModal isOpen={recoveryOpen} onClose={() => setRecoveryOpen(false)} />
      </div>
    </div>
  );
}
