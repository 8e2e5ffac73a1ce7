import { ZPublicContactBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { CheckboxField, TextField } from "../../../ui/form.tsx";
import { useSendContact } from "../api/contact.ts";

/**
 * The public home's contact form (issue 14): name, e-mail, phone, message and the privacy consent,
 * checked with the server's own schema; the server's 422 under its field, its 429 above the button.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const mutation = useSendContact();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      name: String(data.get("name") ?? ""),
      email: String(data.get("email") ?? ""),
      phone: String(data.get("phone") ?? "").replace(/\D/g, "") || undefined,
      message: String(data.get("message") ?? ""),
      privacy: data.get("privacy") === "on",
    };
    const parsed = ZPublicContactBody.safeParse(body);
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors(new Map());
    mutation.mutate(
      { ...body, privacy: true },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          form.reset();
        },
        onError: (error) => {
          const placed = isApiError(error) ? Object.entries(error.errors) : [];
          if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
          else setErrors(new Map([["_", isApiError(error) ? error.message : t("publicContact.failed")]]));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="public-contact-title">
      <h2 id="public-contact-title" className="h4">
        {t("publicContact.formTitle")}
      </h2>
      <div className="row">
        <TextField
          wrapperClassName="col-md-6"
          name="name"
          autoComplete="name"
          maxLength={120}
          label={t("publicContact.name")}
          error={errors.get("name")}
        />
        <TextField
          wrapperClassName="col-md-6"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={320}
          label={t("publicContact.email")}
          error={errors.get("email")}
        />
        <TextField
          wrapperClassName="col-md-6"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          label={t("publicContact.phone")}
          hint={t("publicContact.phoneHint")}
          error={errors.get("phone")}
        />
        <div className="form-group col-12">
          <label htmlFor="public-contact-message" className="active">
            {t("publicContact.message")}
          </label>
          <textarea
            id="public-contact-message"
            name="message"
            rows={5}
            maxLength={2000}
            className={`form-control${errors.get("message") ? " is-invalid" : ""}`}
            aria-invalid={errors.get("message") ? true : undefined}
            aria-describedby={errors.get("message") ? "public-contact-message-error" : undefined}
          />
          {errors.get("message") ? (
            <div id="public-contact-message-error" className="invalid-feedback d-block">
              {errors.get("message")}
            </div>
          ) : null}
        </div>
        <CheckboxField
          wrapperClassName="col-12"
          name="privacy"
          label={t("publicContact.privacy")}
          error={errors.get("privacy")}
        />
      </div>
      {errors.get("_") ? (
        <div className="alert alert-danger" role="alert">
          {errors.get("_")}
        </div>
      ) : null}
      {sent ? (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      ) : null}
      <Button type="submit" color="primary" disabled={mutation.isPending}>
        {t("publicContact.send")}
      </Button>
    </form>
  );
}
