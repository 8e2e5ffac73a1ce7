import type { TWeeklyOpenings } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { WEEKDAY_KEYS } from "../../companies/components/weekdays.ts";

/** A provider's weekly hours, Monday first; a day without ranges reads "Chiuso". */
export function OpeningHoursTable({ openings, caption }: { openings: TWeeklyOpenings; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="table table-sm">
      <caption>{caption}</caption>
      <tbody>
        {WEEKDAY_KEYS.map((key, i) => {
          const ranges = openings.days.find((d) => d.weekday === i + 1)?.ranges ?? [];
          return (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td>
                {ranges.length === 0
                  ? t("companies.openings.closed")
                  : ranges.map((r) => `${r.from}–${r.to}`).join(", ")}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
