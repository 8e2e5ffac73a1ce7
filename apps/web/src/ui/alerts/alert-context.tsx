import { DELAYS_MS } from "@cura/domain/constants";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/**
 * The alert centre (spec 000 §4): success and warning clear after 5 s, errors after 10 s, info
 * stays until closed; every route change clears them all (the root layout calls `clear`).
 */
export type AlertKind = "success" | "warning" | "error" | "info";

export interface AlertItem {
  id: number;
  kind: AlertKind;
  message: string;
}

export const ALERT_DURATION_MS: Record<AlertKind, number | null> = {
  success: DELAYS_MS.alertSuccess,
  warning: DELAYS_MS.alertWarning,
  error: DELAYS_MS.alertError,
  info: null,
};

export interface AlertApi {
  alerts: readonly AlertItem[];
  show: (kind: AlertKind, message: string) => number;
  success: (message: string) => number;
  warning: (message: string) => number;
  error: (message: string) => number;
  info: (message: string) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setAlerts((current) => current.filter((a) => a.id !== id));
  }, []);

  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setAlerts((current) => (current.length === 0 ? current : []));
  }, []);

  const show = useCallback(
    (kind: AlertKind, message: string) => {
      const id = nextId.current++;
      // The same message twice in a row is shown once, with its timer restarted.
      setAlerts((current) => [
        ...current.filter((a) => !(a.kind === kind && a.message === message)),
        { id, kind, message },
      ]);
      const duration = ALERT_DURATION_MS[kind];
      if (duration !== null)
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), duration),
        );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const value = useMemo<AlertApi>(
    () => ({
      alerts,
      show,
      success: (m) => show("success", m),
      warning: (m) => show("warning", m),
      error: (m) => show("error", m),
      info: (m) => show("info", m),
      dismiss,
      clear,
    }),
    [alerts, show, dismiss, clear],
  );

  return <AlertContext.Provider value={value}>{children}</AlertContext.Provider>;
}

export function useAlerts(): AlertApi {
  const value = useContext(AlertContext);
  if (!value) throw new Error("useAlerts needs an <AlertProvider>");
  return value;
}
