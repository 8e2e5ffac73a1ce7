import { useTranslation } from "react-i18next";
import { type AlertKind, useAlerts } from "./alert-context.tsx";

const COLOR: Record<AlertKind, string> = {
  success: "success",
  warning: "warning",
  error: "danger",
  info: "info",
};

/**
 * Where alerts appear, at the top of the main content. Errors and warnings interrupt the screen
 * reader (role="alert"); success and info wait their turn (role="status").
 */
export function AlertCentre() {
  const { alerts, dismiss } = useAlerts();
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <div className="cura-alert-centre">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          className={`alert alert-${COLOR[alert.kind]} alert-dismissible fade show`}
          role={alert.kind === "error" || alert.kind === "warning" ? "alert" : "status"}
          data-kind={alert.kind}
        >
          <p className="mb-0">{alert.message}</p>
          <button
            type="button"
            className="btn-close"
            aria-label={t("alerts.close")}
            onClick={() => dismiss(alert.id)}
          />
        </div>
      ))}
    </div>
  );
}
