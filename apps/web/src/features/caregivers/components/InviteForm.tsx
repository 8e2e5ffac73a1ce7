import { CARE_MESSAGES, ZUserCodeBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage, TextField } from "../../../ui/form.tsx";
import { useInviteCaregiver } from "../api/caregiver-actions.ts";
import { useValidateCode } from "../api/validate-code.ts";

/** Becoming someone's caregiver: their code names them, then the request goes to them to approve. */
export function InviteForm() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const validate = useValidateCode();
  const invite = useInviteCaregiver();
  const [person, setPerson] = useState<{ code: string; name: string } | null>(null);
  const form = useAppForm<{ code: string }>({ defaultValues: { code: "" }, resolver: schemaResolver(ZUserCodeBody) });
  const fail = (error: unknown) => {
    if (setServerErrors(error, form.setError, ["code"]).placed === 0)
      alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
  };
  const onSubmit = form.handleSubmit(({ code }) => {
    const normalised = code.trim().toUpperCase();
    validate.mutate(normalised, {
      onSuccess: (owner) => setPerson({ code: normalised, name: `${owner.name} ${owner.surname}` }),
      onError: fail,
    });
  });

  return (
    <section aria-labelledby="invite-title" className="card card-bg p-3 mb-4">
      <h2 id="invite-title" className="h4">
        {t("caregivers.invite.title")}
      </h2>
      <p>{t("caregivers.invite.hint")}</p>
      <form onSubmit={onSubmit} noValidate className="d-flex flex-wrap align-items-start gap-3">
        <TextField
          label={t("caregivers.invite.code")}
          autoComplete="off"
          maxLength={8}
          error={form.formState.errors.code?.message}
          {...form.register("code", { onChange: () => setPerson(null) })}
        />
        <Button type="submit" color="primary" outline disabled={validate.isPending}>
          {t("caregivers.invite.check")}
        </Button>
      </form>
      {person ? (
        <div className="mt-2">
          <FormMessage kind="success">{t("caregivers.invite.found", { name: person.name })}</FormMessage>
          <Button
            type="button"
            color="primary"
            className="mt-2"
            disabled={invite.isPending}
            onClick={() =>
              invite.mutate(person.code, {
                onSuccess: () => {
                  alerts.success(CARE_MESSAGES.invited);
                  setPerson(null);
                  form.reset();
                },
                onError: fail,
              })
            }
          >
            {t("caregivers.invite.send", { name: person.name })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
