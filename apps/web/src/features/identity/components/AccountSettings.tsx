import { type TUser, ZChangePasswordBody, ZSessionTimeout } from "@cura/domain";
import { LIMITS } from "@cura/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { landingPathOf, type PasswordScope } from "../../../app/gate.ts";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, RadioGroup, TextField } from "../../../ui/form.tsx";
import { useChangeConsents } from "../api/change-consents.ts";
import { type ChangePasswordBody, useChangePassword } from "../api/change-password.ts";
import { refreshMe, storeUser } from "../api/me.ts";
import { useUpdateUser } from "../api/update-user.ts";
import { PasswordInput } from "./PasswordInput.tsx";
import { PasswordChecklist, PasswordStrength } from "./PasswordRules.tsx";
import { RecoveryEmailModal } from "./RecoveryEmailModal.tsx";

/** The ?scope= of the password page: temporary or expired (spec 000 §2.11 rules 5–6). */
export function usePasswordScope(): PasswordScope | null {
  const [params] = useSearchParams();
  const scope = params.get("scope");
  return scope === "temporary" || scope === "expired" ? scope : null;
}

/**
 * Password change (spec 000 §2.9, §5): current, new and confirmation, validated with the shared
 * ZChangePasswordBody. A wrong current password suggests recovery. With ?scope= a banner says why
 * the change is required; once changed the flags are gone and the gate lets the user go on.
 */
export function ChangePasswordSection({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scope = usePasswordScope();
  const change = useChangePassword();
  const [wrongCurrent, setWrongCurrent] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useAppForm<ChangePasswordBody>({
    defaultValues: { old_password: "", password: "", password_confirmation: "" },
    resolver: schemaResolver<ChangePasswordBody>(ZChangePasswordBody),
  });
  const password = form.watch("password");
  const errors = form.formState.errors;
  const name = user.anagrafica?.name ?? "";
  const surname = user.anagrafica?.surname ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    setWrongCurrent(false);
    setFormError(null);
    try {
      const { message } = await change.mutateAsync(values);
      form.reset();
      const text = message || t("password.changed");
      const fresh = await refreshMe(queryClient).catch(() => null);
      // A required change done: the gate lets the user go on, to wherever a new session starts.
      if (scope && fresh) {
        const landing = landingPathOf(fresh);
        flashOnArrival(landing, "success", text);
        void navigate(landing, { replace: true });
      } else alerts.success(text);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        if (error.errors.old_password) setWrongCurrent(true);
        const { rest } = setServerErrors(error, form.setError, ["old_password", "password", "password_confirmation"]);
        if (rest.length > 0) setFormError(rest.join(" "));
        return;
      }
      setFormError(isApiError(error) ? error.message : t("errors.unexpected"));
    }
  });

  return (
    <section aria-labelledby="password-change-title" className="mb-5">
      <h2 id="password-change-title" className="h4">
        {t("password.changeTitle")}
      </h2>
      {scope ? (
        <div className="alert alert-warning" role="alert" data-testid="password-scope">
          {scope === "temporary" ? t("password.scopeTemporary") : t("password.scopeExpired")}
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
        <PasswordInput
          label={t("password.current")}
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...form.register("old_password")}
        />
        {wrongCurrent ? (
          <p className="small" data-testid="password-recovery-hint">
            {t("password.forgotCurrent")}{" "}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => setRecoveryOpen(true)}>
              {t("password.recoverIt")}
            </button>
          </p>
        ) : null}
        <PasswordInput
          label={t("password.new")}
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordChecklist password={password} />
        <PasswordStrength
          password={password}
          userInputs={[name, surname, user.email ?? "", user.email?.split("@")[0] ?? "", user.username ?? ""]}
        />
        <PasswordInput
          label={t("password.confirmation")}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register("password_confirmation")}
        />
        {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t("password.change")}
        </button>
      </form>
      <RecoveryEmailModal
        isOpen={recoveryOpen}
        onClose={() => setRecoveryOpen(false)}
        initialEmail={user.email ?? ""}
      />
    </section>
  );
}

/**
 * The session timeout (spec 000 §4, §5): a view mode and an edit mode; 5–60 minutes, or 0 for a
 * session that ends only at logout; PUT users/{hashid} { session_timeout_minutes }.
 */
export function SessionTimeoutSection({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const inputId = useId();
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(user.session_timeout_minutes));
  const [error, setError] = useState<string | null>(null);
  const { min, max } = LIMITS.sessionTimeoutMinutes;

  const save = async () => {
    setError(null);
    const minutes = value.trim() === "" ? Number.NaN : Number(value);
    const checked = ZSessionTimeout.safeParse(minutes);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t("sessionTimeout.invalid"));
      return;
    }
    try {
      await update.mutateAsync({ hashid: user.hashid, body: { session_timeout_minutes: checked.data } });
      alerts.success(t("sessionTimeout.saved"));
      setEditing(false);
    } catch (caught) {
      if (isApiError(caught) && caught.errors.session_timeout_minutes) {
        setError(caught.errors.session_timeout_minutes.join(" "));
        return;
      }
      alerts.error(t("sessionTimeout.failed"));
    }
  };

  const current =
    user.session_timeout_minutes === 0
      ? t("sessionTimeout.never")
      : t("sessionTimeout.minutes", { count: user.session_timeout_minutes });

  return (
    <section aria-labelledby="session-timeout-title" className="mb-5">
      <h2 id="session-timeout-title" className="h4">
        {t("sessionTimeout.title")}
      </h2>
      <p>{t("sessionTimeout.text")}</p>
      {!editing ? (
        <div className="d-flex flex-wrap align-items-center gap-3">
          <p className="mb-0" data-testid="session-timeout-value">
            {t("sessionTimeout.current")}: <strong>{current}</strong>
          </p>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => {
              setValue(String(user.session_timeout_minutes));
              setError(null);
              setEditing(true);
            }}
          >
            {t("sessionTimeout.edit")}
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!update.isPending) void save();
          }}
        >
          <TextField
            id={inputId}
            label={t("sessionTimeout.label")}
            hint={t("sessionTimeout.hint", { min, max })}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            value={value}
            error={error ?? undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {t("profile.save")}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setEditing(false)}>
              {t("profile.cancel")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Marketing consent: two exclusive choices (POST users/change/consenses). */
export function MarketingConsentSection({ user }: { user: TUser }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const change = useChangeConsents();
  const [choice, setChoice] = useState(user.marketing_consense ? "yes" : "no");

  const save = async () => {
    try {
      const fresh = await change.mutateAsync({ marketing_consense: choice === "yes" });
      storeUser(queryClient, fresh);
      alerts.success(t("consents.preferencesSaved"));
    } catch {
      alerts.error(t("consents.saveFailed"));
      setChoice(user.marketing_consense ? "yes" : "no");
    }
  };

  return (
    <section aria-labelledby="consents-settings-title" className="mb-5">
      <h2 id="consents-settings-title" className="h4">
        {t("consents.settingsTitle")}
      </h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!change.isPending) void save();
        }}
      >
        <RadioGroup
          legend={t("consents.labels.marketing_consense")}
          name="marketing_consense"
          value={choice}
          onChange={setChoice}
          disabled={change.isPending}
          options={[
            { value: "yes", label: t("consents.marketingYes") },
            { value: "no", label: t("consents.marketingNo") },
          ]}
        />
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t("consents.savePreferences")}
        </button>
      </form>
    </section>
  );
}

/** An operator's permission strings (spec 000 §6), as the company's administrator set them. */
export function PermissionsList({ user }: { user: TUser }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <h3 className="h5">{t("profile.access.permissions")}</h3>
      {user.permessi.length > 0 ? (
        <ul>
          {user.permessi.map((permission) => (
            <li key={permission}>{permission}</li>
          ))}
        </ul>
      ) : (
        <p>{t("home.operator.noPermissions")}</p>
      )}
    </div>
  );
}
