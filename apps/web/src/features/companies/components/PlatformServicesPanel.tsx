import type { TCompanyService } from "@cura/domain";
import { COMPANY_MESSAGES } from "@cura/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { CheckboxField, FormMessage } from "../../../ui/form.tsx";
import { RowAction } from "../../../ui/RowAction.tsx";
import { type ServiceSwitch, useOwnServices, useSetServiceSwitch } from "../api/platform-services.ts";
import { messageOf } from "./errors.ts";
import { Loading } from "./Loading.tsx";
import { ServiceHoursModal } from "./ServiceHoursModal.tsx";

/** The platform services the company runs: on/off, proxy bookings and their own weekly hours. */
export function PlatformServicesPanel() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const services = useOwnServices();
  const toggle = useSetServiceSwitch();
  const [hoursOf, setHoursOf] = useState<TCompanyService | null>(null);
  // The button says whose hours the service follows; its name adds which service (it starts with what it shows).
  const hoursBadge = (s: TCompanyService) =>
    s.has_openings ? t("companies.serviceHours.ownBadge") : t("companies.serviceHours.companyBadge");

  const change = (hash: string, which: ServiceSwitch, status: boolean) =>
    toggle.mutate(
      { hash, which, status },
      {
        onSuccess: () => alerts.success(COMPANY_MESSAGES.dataUpdated),
        onError: (error) => alerts.error(messageOf(error)),
      },
    );

  return (
    <section aria-labelledby="platform-services-title">
      <h3 id="platform-services-title" className="h4">
        {t("companies.platformServices.title")}
      </h3>
      {services.isPending ? <Loading /> : null}
      {services.isError ? <FormMessage kind="error">{services.error.message}</FormMessage> : null}
      {services.data?.length === 0 ? <p>{t("companies.platformServices.empty")}</p> : null}
      {services.data && services.data.length > 0 ? (
        <table className="table cura-stack-table">
          <caption className="visually-hidden">{t("companies.platformServices.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("companies.platformServices.name")}</th>
              <th scope="col">{t("companies.platformServices.active")}</th>
              <th scope="col">{t("companies.platformServices.proxy")}</th>
              <th scope="col">{t("companies.serviceHours.column")}</th>
            </tr>
          </thead>
          <tbody>
            {services.data.map((s) => (
              <tr key={s.hashid}>
                <th scope="row">{s.name}</th>
                <td>
                  <CheckboxField
                    label={t("companies.platformServices.activeOf", { name: s.name })}
                    checked={s.active}
                    disabled={toggle.isPending}
                    onChange={(e) => change(s.hashid, "servicestatus", e.target.checked)}
                  />
                </td>
                <td>
                  <CheckboxField
                    label={t("companies.platformServices.proxyOf", { name: s.name })}
                    checked={s.proxy_status}
                    disabled={toggle.isPending}
                    onChange={(e) => change(s.hashid, "proxystatus", e.target.checked)}
                  />
                </td>
                <td data-label={t("companies.serviceHours.column")}>
                  <RowAction
                    onClick={() => setHoursOf(s)}
                    label={t("companies.serviceHours.badgeOf", { badge: hoursBadge(s), name: s.name })}
                  >
                    {hoursBadge(s)}
                  </RowAction>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {hoursOf ? <ServiceHoursModal kind="platform" service={hoursOf} onClose={() => setHoursOf(null)} /> : null}
    </section>
  );
}
