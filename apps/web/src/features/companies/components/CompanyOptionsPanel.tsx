import { COMPANY_MESSAGES } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField } from "../../../ui/form.tsx";
import { useCompanyDetail } from "../api/company-detail.ts";
import { type CompanyOption, useSetCompanyOption } from "../api/company-options.ts";
import { messageOf } from "./errors.ts";

/** The company's booking options: overlap (two bookings may share a slot) and report. */
export function CompanyOptionsPanel({ company }: { company: string }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const detail = useCompanyDetail(company);
  const set = useSetCompanyOption(company);
  const options = detail.data?.options;
  if (!options) return null;
  const change = (option: CompanyOption, value: boolean) =>
    set.mutate(
      { option, value },
      {
        onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated),
        onError: (error) => alerts.error(messageOf(error)),
      },
    );
  return (
    <fieldset className="mt-4">
      <legend className="h5">{t("companies.options.title")}</legend>
      <CheckboxField
        label={t("companies.options.overlap")}
        checked={options.overlap}
        disabled={set.isPending}
        onChange={(e) => change("overlap", e.target.checked)}
      />
      <CheckboxField
        label={t("companies.options.report")}
        checked={options.report}
        disabled={set.isPending}
        onChange={(e) => change("report", e.target.checked)}
      />
    </fieldset>
  );
}
