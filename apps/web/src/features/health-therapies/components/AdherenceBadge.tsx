import type { TTherapy } from "@cura/domain";
import { useTranslation } from "react-i18next";
import type { TKey } from "../../../lib/i18n.ts";

const COLORS: Record<TTherapy["adherence"], string> = {
  ottimale: "success",
  media: "warning",
  scarsa: "danger",
  non_determinabile: "secondary",
};

/** The adherence index of a therapy, with the intakes it comes from (or the operator's override). */
export function AdherenceBadge({ therapy }: { therapy: TTherapy }) {
  const { t } = useTranslation();
  const detail = therapy.adherence_override
    ? t("healthTherapies.adherence.override")
    : t("healthTherapies.adherence.basis", { taken: therapy.adherence_taken, scheduled: therapy.adherence_scheduled });
  return (
    <span className={`badge bg-${COLORS[therapy.adherence]}${therapy.adherence === "media" ? " text-dark" : ""}`}>
      {t("healthTherapies.adherence.label")}: {t(`healthTherapies.adherence.${therapy.adherence}` as TKey)}
      <span className="visually-hidden"> ({detail})</span>
    </span>
  );
}
