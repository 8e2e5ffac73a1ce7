import type { TTeleconsult } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../bookings/format.ts";
import { downloadAttachment } from "../api/attachments.ts";
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
      {item.attachments.length > 0 ? (
        <section aria-labelledby={`${item.hashid}-attachments`}>
          <h2 id={`${item.hashid}-attachments`} className="h5">
            {t("teleconsult.fields.attachments")}
          </h2>
          <ul className="list-unstyled">
            {item.attachments.map((file) => (
              <li key={file.hashid}>
                <button type="button" className="btn btn-link px-0" onClick={() => void downloadAttachment(file)}>
                  {t("teleconsult.request.downloadAttachment", { name: file.name })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
