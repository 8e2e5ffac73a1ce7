import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** mm:ss (h:mm:ss past an hour) of a span in milliseconds, never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/**
 * The time left until `until` (a request's 60-minute deadline), ticking every second. The server's
 * deadline decides; this only shows it. A timer role without live announcements: a screen reader
 * reads it when asked, not every second.
 */
export function Countdown({ until, label }: { until: string; label: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const left = Date.parse(until) - now;
  return (
    <p className="mb-2">
      <span>{label}: </span>
      <strong role="timer" aria-live="off" data-testid="teleconsult-countdown">
        {left > 0 ? formatRemaining(left) : t("teleconsult.countdown.expired")}
      </strong>
    </p>
  );
}
