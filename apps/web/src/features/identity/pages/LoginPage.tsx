import { OPERATOR_REFUSED_CODE, type TLoginBody } from "@cura/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BRAND, telHref } from "../../../app/brand.ts";
import { landingPathOf } from "../../../app/gate.ts";
import { SupportModal } from "../../../app/shells/SupportModal.tsx";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { useAppForm } from "../../../lib/forms.ts";
import { lazyResolver } from "../../../lib/lazy-resolver.ts";
import { session } from "../../../lib/session.ts";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { NationalIdentityButtons } from "../../national-identity/index.ts";
import { useLogin } from "../api/login.ts";
import { fetchMe, meQueryKey } from "../api/me.ts";
import { RecoveryEmailModal } from "../components/RecoveryEmailModal.tsx";

const FIELDS = ["email", "password"] as const;

// zod and the contracts come after the page has shown (issue 15: the sign-in page's first load).
const loginResolver = lazyResolver<TLoginBody>(() => import("../login-form.ts").then((m) => m.loginResolver));

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

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<TLoginBody>({ resolver: loginResolver, defaultValues: { email: "", password: "" } });

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

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
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
      if (error.status === 422) setServerErrors(error, setError, FIELDS);
      if (error.status === 429) {
        setFormError(error.message || t("login.errors.throttled"));
        return;
      }
      setFormError(error.message);
    }
  });

  if (tokenLoading) return <PageLoader label={t("login.loadingUser")} />;

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("login.title")}</h1>
        <p className="lead mb-5">{t("login.lead")}</p>
        <form noValidate onSubmit={onSubmit} aria-describedby={formError ? ids.error : undefined}>
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
              {...register("email")}
            />
            {errors.email ? (
              <div id={`${ids.email}-error`} className="invalid-feedback d-block">
                {errors.email.message}
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
                {...register("password")}
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
                {errors.password.message}
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
