import { SUPPORT_CONTENT_MAX, SUPPORT_OBJECTS, type TSupportTicketBody, ZSupportTicketBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isApiError, setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { SelectField } from "../../../ui/form.tsx";
import { useSendTicket } from "../api/support.ts";

interface TicketForm {
  object: string;
  content: string;
}

/**
 * The support request (spec 001 §2 screen 4, §5): object and message, both required. `prefill` is
 * the full-monitor subscription variant's text. `onDone` closes a modal whatever the outcome (§8).
 */
export function SupportRequestForm({ prefill, onDone }: { prefill?: Partial<TicketForm>; onDone?: () => void }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const send = useSendTicket();
  const contentId = useId();
  const form = useAppForm<TicketForm>({
    defaultValues: { object: prefill?.object ?? "", content: prefill?.content ?? "" },
    resolver: schemaResolver(ZSupportTicketBody),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values as TSupportTicketBody, {
      onSuccess: () => {
        alerts.success(t("supportRequest.sent"));
        form.reset({ object: "", content: "" });
        onDone?.();
      },
      onError: (error) => {
        if (setServerErrors(error, form.setError, ["object", "content"]).placed > 0) return;
        alerts.error(isApiError(error) ? error.message : t("supportRequest.error"));
        onDone?.();
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("supportRequest.formLabel")}>
      <SelectField
        label={t("supportRequest.object")}
        placeholder={t("supportRequest.objectPlaceholder")}
        options={SUPPORT_OBJECTS.map((value) => ({
          value,
          label: t(`supportRequest.objects.${value}` as "supportRequest.object"),
        }))}
        error={errors.object?.message}
        {...form.register("object")}
      />
      <div className="form-group">
        <label htmlFor={contentId} className="active">
          {t("supportRequest.content")}
        </label>
        <textarea
          id={contentId}
          className={`form-control ${errors.content ? "is-invalid" : ""}`}
          rows={5}
          maxLength={SUPPORT_CONTENT_MAX}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${contentId}-error` : undefined}
          {...form.register("content")}
        />
        {errors.content ? (
          <div id={`${contentId}-error`} className="invalid-feedback d-block">
            {errors.content.message}
          </div>
        ) : null}
      </div>
      <Button type="submit" color="primary" disabled={send.isPending}>
        {t("supportRequest.send")}
      </Button>
    </form>
  );
}
