import { ZCompanyRegisterBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { flashOnArrival } from "../../../app/flash.ts";
import { isApiError } from "../../../lib/api.ts";
import { firstMessages } from "../../../lib/forms.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { TextField } from "../../../ui/form.tsx";
import { useRegisterCompany } from "../api/companies.ts";
import { CompanyFields, readCompanyForm } from "../components/CompanyFields.tsx";

/**
 * `/admin/aziende/nuova`: a company (data, level, type, subtype) and its first administrator operator,
 * who receives the welcome e-mail with the link to choose a password.
 */
export default function AdminCompanyNewPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const register = useRegisterCompany();
  const [errors, setErrors] = useState<Map<string, string>>(new Map());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      ...readCompanyForm(form),
      administrator: {
        email: String(data.get("administrator.email") ?? "").trim(),
        name: String(data.get("administrator.name") ?? "").trim(),
        surname: String(data.get("administrator.surname") ?? "").trim(),
      },
    };
    const parsed = ZCompanyRegisterBody.safeParse(body);
    if (!parsed.success) {
      setErrors(firstMessages(parsed.error.issues));
      return;
    }
    setErrors(new Map());
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        const to = `/admin/aziende/dettaglio/${answer.data.hashid}`;
        flashOnArrival(to, "success", answer.message ?? t("adminCompanies.registered"));
        void navigate(to);
      },
      onError: (error) => {
        const placed = isApiError(error) ? Object.entries(error.errors) : [];
        if (placed.length > 0) setErrors(new Map(placed.map(([path, messages]) => [path, messages.join(" ")])));
        else alerts.error(isApiError(error) ? error.message : t("errors.unexpected"));
      },
    });
  };

  return (
    <div>
      <p>
        <Link to="/admin/aziende">{t("adminCompanies.back")}</Link>
      </p>
      <h1 className="mb-4">{t("adminCompanies.newTitle")}</h1>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="mb-4">
          <legend className="h4">{t("adminCompanies.companyData")}</legend>
          <CompanyFields errors={errors} />
        </fieldset>
        <fieldset className="mb-4">
          <legend className="h4">{t("adminCompanies.administrator")}</legend>
          <p className="text-muted">{t("adminCompanies.administratorHint")}</p>
          <div className="row">
            <TextField
              wrapperClassName="col-md-4"
              name="administrator.email"
              type="email"
              label={t("adminCompanies.fields.adminEmail")}
              error={errors.get("administrator.email")}
            />
            <TextField
              wrapperClassName="col-md-4"
              name="administrator.name"
              label={t("adminCompanies.fields.adminName")}
              error={errors.get("administrator.name")}
            />
            <TextField
              wrapperClassName="col-md-4"
              name="administrator.surname"
              label={t("adminCompanies.fields.adminSurname")}
              error={errors.get("administrator.surname")}
            />
          </div>
        </fieldset>
        <Button type="submit" color="primary" disabled={register.isPending}>
          {t("adminCompanies.register")}
        </Button>
      </form>
    </div>
  );
}
