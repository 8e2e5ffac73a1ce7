export { AlertCentre } from "./AlertCentre.tsx";
export {
  ALERT_DURATION_MS,
  type AlertApi,
  type AlertItem,
  type AlertKind,
  AlertProvider,
  useAlerts,
} from "./alert-context.tsx";
