import type { TPatient } from "@cura/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { usePatient } from "../api/patient.ts";

/** Loads one patient of the company and renders the page with it; another company's patient is "not found". */
export function PatientLoader({ hash, children }: { hash: string; children: (patient: TPatient) => ReactNode }) {
  const { t } = useTranslation();
  const patient = usePatient(hash);
  if (patient.isPending)
    return (
      <p role="status" className="text-muted">
        {t("common.loading")}
      </p>
    );
  if (patient.isError)
    return (
      <FormMessage kind="error">
        {isApiError(patient.error) && patient.error.status === 404 ? t("patients.notFound") : patient.error.message}
      </FormMessage>
    );
  return <>{children(patient.data)}</>;
}
