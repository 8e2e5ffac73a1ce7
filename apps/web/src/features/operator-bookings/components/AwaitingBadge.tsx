import type { AwaitingKind } from "@cura/domain";
import { useTranslation } from "react-i18next";

/** What a booking waits for from the operator (new request, change request, cancellation…). */
export function AwaitingBadge({ awaiting }: { awaiting: AwaitingKind | null }) {
  const { t } = useTranslation();
  if (!awaiting) return null;
  return (
    <span className={`badge ${awaiting === "new" ? "bg-primary" : "bg-warning text-dark"} ms-1`}>
      {t(`operatorBookings.awaiting.${awaiting}`)}
    </span>
  );
}
