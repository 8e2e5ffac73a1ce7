import type { TCaregiverRelation } from "@cura/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const BADGE: Record<TCaregiverRelation["status"], string> = {
  pending: "bg-warning text-dark",
  enabled: "bg-success",
  disabled: "bg-secondary",
  rejected: "bg-danger",
};

/** One caregiver relation, seen from one side: the other person, the state, the actions of that side. */
export function RelationCard({
  relation,
  side,
  children,
}: {
  relation: TCaregiverRelation;
  /** Whose name the card shows: the caregiver (on the assisted person's page) or the assisted person. */
  side: "caregiver" | "assisted";
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const person = relation[side];
  const name = `${person.name} ${person.surname}`.trim();
  return (
    <article
      className="card card-bg p-3 h-100"
      aria-labelledby={`relation-${relation.hashid}-${side}`}
      data-testid={`relation-${side}`}
    >
      <h3 id={`relation-${relation.hashid}-${side}`} className="h5">
        {name} <span className={`badge ${BADGE[relation.status]}`}>{t(`caregivers.status.${relation.status}`)}</span>
      </h3>
      {relation.status === "enabled" ? (
        <p className="mb-2">{relation.health_data ? t("caregivers.healthData.on") : t("caregivers.healthData.off")}</p>
      ) : null}
      <div className="d-flex flex-wrap gap-2 mt-auto">{children}</div>
    </article>
  );
}
