import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { useServiceSwitch, useSetServiceSwitch } from "../api/switch.ts";

/**
 * The operator's switch of the quick (10) or paediatric (11) service (spec 001 §4): the status is
 * loaded; toggling sends the new status, then loads it again from the server; on failure it loads it
 * again and says so; a failed load counts as off, with 'Non è stato possibile verificare stato
 * servizio operatore'.
 */
export function ServiceSwitch({ serviceRef }: { serviceRef: 10 | 11 }) {
  const { t } = useTranslation();
  const id = useId();
  const status = useServiceSwitch(serviceRef);
  const set = useSetServiceSwitch(serviceRef);
  const active = status.data?.active ?? false;
  return (
    <section className="mb-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {t("teleconsult.switch.title")}
      </h2>
      <div className="form-check form-switch">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={active}
          aria-checked={active}
          disabled={status.isPending || set.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => set.mutate(event.target.checked)}
          data-testid={`service-switch-${serviceRef}`}
        />
        <label className="form-check-label" htmlFor={id}>
          {t(serviceRef === 10 ? "teleconsult.switch.rapido" : "teleconsult.switch.pediatrico")}
        </label>
      </div>
      <p id={`${id}-hint`} className="small text-muted mb-2">
        {active ? t("teleconsult.switch.on") : t("teleconsult.switch.off")}
      </p>
      {status.isError ? <FormMessage kind="error">{t("teleconsult.switch.loadFailed")}</FormMessage> : null}
      {set.isError ? <FormMessage kind="error">{set.error.message}</FormMessage> : null}
    </section>
  );
}
