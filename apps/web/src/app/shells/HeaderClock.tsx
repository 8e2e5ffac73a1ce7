import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../lib/i18n.ts";

const TIME_ZONE = "Europe/Rome";
const systemNow = () => new Date();

/**
 * The clock in the operator's header (spec 001 §9: it updates every second): date and time in
 * Italian time. Screen readers read it once as a labelled time, not at every tick.
 */
export function HeaderClock({ now = systemNow }: { now?: () => Date }) {
  const { t } = useTranslation();
  const [instant, setInstant] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setInstant(now()), 1000);
    return () => clearInterval(timer);
  }, [now]);
  const locale = currentLanguage() === "en" ? "en-GB" : "it-IT";
  const date = new Intl.DateTimeFormat(locale, {
    weekday: "short",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: TIME_ZONE,
  }).format(instant);
  const time = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZone: TIME_ZONE,
  }).format(instant);
  return (
    <span className="cura-header-clock text-white small d-none d-sm-inline align-self-center">
      <span className="visually-hidden">{t("header.clock")}: </span>
      <time dateTime={instant.toISOString()} data-testid="header-clock">
        {date} {time}
      </time>
    </span>
  );
}
