import { ZPasswordResetBody } from "@cura/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { session } from "../../../lib/session.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { type PasswordResetBody, useResetPassword } from "../api/password-reset.ts";
import { PasswordInput } from "../components/PasswordInput.tsx";
import { PasswordChecklist, PasswordStrength } from "../components/PasswordRules.tsx";

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/**
 * RecoverPassword (spec 000 §2.8), /password/reset?email=…|username=…&token=…: the link of a
 * recovery e-mail or SMS. New password and confirmation, validated with the shared
 * ZPasswordResetBody; success → 'Password reimpostata' and /login (every session of the user ended);
 * a used or expired link → 'Link scaduto. Ripetere operazione' with the way back to recovery.
 */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [expired, setExpired] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const identity = {
    email: params.get("email") ?? undefined,
    username: params.get("username") ?? undefined,
    token: params.get("token") ?? "",
  };
  const linkUsable = identity.token !== "" && Boolean(identity.email || identity.username);
  const toBody = (values: ResetValues): PasswordResetBody => ({ ...identity, ...values });

  const form = useAppForm<ResetValues>({
    defaultValues: { password: "", password_confirmation: "" },
    resolver: schemaResolver<ResetValues>(ZPasswordResetBody, toBody),
  });
  const password = form.watch("password");
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await reset.mutateAsync(toBody(values));
      // The server ended every session of the account, this browser's too.
      flashOnArrival("/login", "success", t("reset.done"));
      session.clear();
      queryClient.clear();
      void navigate("/login", { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        if (error.errors.token || error.errors.email || error.errors.username) {
          setExpired(true);
          return;
        }
        const { rest } = setServerErrors(error, form.setError, ["password", "password_confirmation"]);
        if (rest.length > 0) setFormError(rest.join(" "));
        return;
      }
      setFormError(isApiError(error) ? error.message : t("errors.unexpected"));
    }
  });

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-md-8 col-lg-6">
        <h1 className="mb-3">{t("reset.title")}</h1>
        {!linkUsable || expired ? (
          <>
            <FormMessage kind="error" testId="reset-expired">
              {t("reset.expired")}
            </FormMessage>
            <Link to="/password/recovery" className="btn btn-primary">
              {t("reset.again")}
            </Link>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit}>
            <p className="lead">{t("reset.lead")}</p>
            <PasswordInput
              label={t("password.new")}
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register("password")}
            />
            <PasswordChecklist password={password} />
            <PasswordStrength password={password} userInputs={[identity.email ?? "", identity.username ?? ""]} />
            <PasswordInput
              label={t("password.confirmation")}
              autoComplete="new-password"
              error={errors.password_confirmation?.message}
              {...form.register("password_confirmation")}
            />
            {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
            <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
              {t("reset.submit")}
            </button>
          </form>
        )}
        <p className="mt-4">
          <Link to="/login">{t("recovery.backToLogin")}</Link>
        </p>
      </div>
    </div>
  );
}
