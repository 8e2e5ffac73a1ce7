import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { formatLocalDate } from "../../bookings/format.ts";
import { everyText } from "../../recall/format.ts";
import { useOwnFrequencies, useSetOwnFrequencyEnabled } from "../api/own-frequencies.ts";

/**
 * The citizen's recurring reservations (recall set up by a company, or their own): the next date
 * of each, and a switch to suspend it. Hidden when there are none.
 */
export function OwnRecurringPanel() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const list = useOwnFrequencies();
  const toggle = useSetOwnFrequencyEnabled();
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="own-recurring-title" className="mt-5">
      <h2 id="own-recurring-title" className="h3">
        {t("agenda.recurring.title")}
      </h2>
      <ul className="list-unstyled">
        {list.data.map((f) => (
          <li key={f.hashid} className="card card-bg p-3 mb-3" data-testid="own-recurring">
            <p className="mb-1">
              <strong>{f.health_service.name}</strong> · {f.company.name}
            </p>
            <p className="mb-2">
              {t("agenda.recurring.next", {
                every: everyText(t, f.every, f.unit),
                date: formatLocalDate(f.next_date),
                time: f.time,
              })}{" "}
              <span className={`badge ${f.enabled ? "bg-success" : "bg-secondary"}`}>
                {f.enabled ? t("recall.active") : t("recall.suspended")}
              </span>
            </p>
            <Button
              type="button"
              size="xs"
              color="primary"
              outline
              disabled={toggle.isPending}
              aria-label={t(f.enabled ? "agenda.recurring.suspendOf" : "agenda.recurring.enableOf", {
                name: f.health_service.name,
              })}
              onClick={() =>
                toggle.mutate(
                  { hashid: f.hashid, enabled: !f.enabled },
                  {
                    onSuccess: () => alerts.success(t("recall.updated")),
                    onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
                  },
                )
              }
            >
              {f.enabled ? t("recall.suspend") : t("recall.enable")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
