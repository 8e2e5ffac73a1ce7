import type { TTherapy } from "@cura/domain";
import { Button } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import type { TKey } from "../../../lib/i18n.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { useIntakes, useMarkIntake } from "../api/therapies.ts";

const dateTime = new Intl.DateTimeFormat("it-IT", {
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Rome",
});

/**
 * The last 7 days' scheduled intakes of a therapy: the patient's side marks each one 'Assunta'
 * (issue 11 "Adherence"); an operator reads them.
 */
export function IntakesPanel({ therapy, canMark }: { therapy: TTherapy; canMark: boolean }) {
  const { t } = useTranslation();
  const intakes = useIntakes(therapy.hashid);
  const mark = useMarkIntake(therapy.hashid);
  const now = Date.now();
  const due = (intakes.data ?? []).filter((i) => Date.parse(i.scheduled_at) <= now).reverse();
  if (intakes.isPending) return <PageLoader />;
  if (due.length === 0) return <p className="text-muted">{t("healthTherapies.intakes.none")}</p>;
  return (
    <div>
      <ul className="list-group mb-2" aria-label={t("healthTherapies.intakes.title", { drug: therapy.drug.name })}>
        {due.map((intake) => (
          <li key={intake.scheduled_at} className="list-group-item d-flex justify-content-between align-items-center">
            <span>
              {dateTime.format(new Date(intake.scheduled_at))} · {t(`healthTherapies.moments.${intake.moment}` as TKey)}
            </span>
            {intake.taken === true ? (
              <span className="badge bg-success">{t("healthTherapies.intakes.taken")}</span>
            ) : canMark ? (
              <Button
                color="primary"
                size="xs"
                type="button"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ scheduled_at: intake.scheduled_at, taken: true })}
              >
                {t("healthTherapies.intakes.mark")}
                <span className="visually-hidden"> {dateTime.format(new Date(intake.scheduled_at))}</span>
              </Button>
            ) : (
              <span className="badge bg-secondary">{t("healthTherapies.intakes.notMarked")}</span>
            )}
          </li>
        ))}
      </ul>
      {mark.error ? (
        <FormMessage kind="error">{isApiError(mark.error) ? mark.error.message : t("errors.unexpected")}</FormMessage>
      ) : null}
    </div>
  );
}
