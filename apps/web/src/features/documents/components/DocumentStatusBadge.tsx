import type { DocumentStatus } from "@cura/domain";
import { useTranslation } from "react-i18next";

const COLOURS: Record<DocumentStatus, string> = {
  non_assegnato: "bg-secondary",
  da_firmare: "bg-warning text-dark",
  firmato: "bg-success",
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return <span className={`badge ${COLOURS[status]}`}>{t(`documents.status.${status}`)}</span>;
}
