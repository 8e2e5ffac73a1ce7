import type { TTeleconsult } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../bookings/format.ts";
import { Countdown } from "./Countdown.tsx";
import { TeleconsultStatusBadge } from "./TeleconsultStatusBadge.tsx";

/** A teleconsultation's facts (spec 001 screen 17): service, for whom, reason, start, end, the countdown while it waits. */
export function TeleconsultDetails({ item }: { item: TTeleconsult }) {
  const { t } = useTranslation();
  const patient = item.family_member ?? item.citizen;
  const rows: Array<[string, string]> = [
    [t("teleconsult.fields.service"), item.service.name],
    [t("teleconsult.fields.company"), item.company.name],
    [t("teleconsult.fields.patient"), `${patient.name} ${patient.surname}`.trim()],
    [t("teleconsult.fields.reason"), item.reason ?? "—"],
    [t("teleconsult.fields.requested"), formatDateTime(item.created_at)],
    [t("teleconsult.fields.start"), item.start ? formatDateTime(item.start) : "—"],
    [t("teleconsult.fields.connected"), item.connected_at ? formatDateTime(item.connected_at) : "—"],
    [t("teleconsult.fields.ended"), item.ended_at ? formatDateTime(item.ended_at) : "—"],
    [
      t("teleconsult.fields.operator"),
      item.operator ? `${item.operator.name} ${item.operator.surname}`.trim() : t("teleconsult.fields.noOperator"),
    ],
  ];
  return (
    <div>
      <p>
        <TeleconsultStatusBadge status={item.status} />
      </p>
      {item.status === "ricevuto" && item.deadline ? (
        <Countdown until={item.deadline} label={t("teleconsult.countdown.label")} />
      ) : null}
      <dl className="row">
        {rows.map(([term, value]) => (
          <div key={term} className="col-md-6 mb-2">
            <dt>{term}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
