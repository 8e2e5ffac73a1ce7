import type { TTeleconsult } from "@cura/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../bookings/format.ts";
import { Countdown } from "./Countdown.tsx";
import { TeleconsultStatusBadge } from "./TeleconsultStatusBadge.tsx";

/**
 * Teleconsultations in a table: when, for whom, why, the status with the countdown of a waiting
 * request, and the actions the page offers (`actions`). `who` picks the column of the other party.
 */
export function TeleconsultTable({
  items,
  caption,
  who,
  actions,
}: {
  items: TTeleconsult[];
  caption: string;
  who: "citizen" | "company" | "both";
  actions?: (item: TTeleconsult) => ReactNode;
}) {
  const { t } = useTranslation();
  const person = (item: TTeleconsult) => {
    const patient = item.family_member ?? item.citizen;
    return `${patient.surname} ${patient.name}`.trim();
  };
  return (
    <div className="table-responsive">
      {/* A card per teleconsultation on a phone (cura-stack-table, styles/bootstrap-italia.scss). */}
      <table className="table cura-stack-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("teleconsult.fields.requested")}</th>
            <th scope="col">{t("teleconsult.fields.service")}</th>
            {who !== "company" ? <th scope="col">{t("teleconsult.fields.patient")}</th> : null}
            {who !== "citizen" ? <th scope="col">{t("teleconsult.fields.company")}</th> : null}
            <th scope="col">{t("teleconsult.fields.reason")}</th>
            <th scope="col">{t("teleconsult.fields.status")}</th>
            {actions ? <th scope="col">{t("teleconsult.fields.actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.hashid} data-testid="teleconsult-row">
              <th scope="row">{formatDateTime(item.created_at)}</th>
              <td data-label={t("teleconsult.fields.service")}>{item.service.name}</td>
              {who !== "company" ? <td data-label={t("teleconsult.fields.patient")}>{person(item)}</td> : null}
              {who !== "citizen" ? <td data-label={t("teleconsult.fields.company")}>{item.company.name}</td> : null}
              <td data-label={t("teleconsult.fields.reason")}>{item.reason ?? "—"}</td>
              <td data-label={t("teleconsult.fields.status")}>
                <TeleconsultStatusBadge status={item.status} />
                {item.status === "ricevuto" && item.deadline ? (
                  <div className="small mt-1">
                    <Countdown until={item.deadline} label={t("teleconsult.countdown.label")} />
                  </div>
                ) : null}
                {item.status === "confermato" && item.start ? (
                  <div className="small mt-1">
                    {t("teleconsult.fields.start")}: {formatDateTime(item.start)}
                  </div>
                ) : null}
              </td>
              {actions ? <td>{actions(item)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
