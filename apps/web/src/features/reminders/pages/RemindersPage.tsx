import { REMINDER_CHANNELS, REMINDER_KINDS, REMINDER_LEAD_KEYS, type TReminderPreferences } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { BotAccessSection } from "../../bots/components/BotAccessSection.tsx";
import { enablePush, isSubscribed, type PushState, pushState } from "../api/push.ts";
import { useReminderPreferences, useSaveReminderPreferences } from "../api/reminders.ts";

type ListKey = keyof TReminderPreferences;

/** Reminder preferences and this browser's push notifications (issue 12: reminders; spec 001 §2 screen 7). */
export default function RemindersPage() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const preferences = useReminderPreferences();
  const save = useSaveReminderPreferences();
  const [draft, setDraft] = useState<TReminderPreferences | null>(null);
  useEffect(() => {
    if (preferences.data && !draft) setDraft(preferences.data);
  }, [preferences.data, draft]);

  const toggle = (list: ListKey, value: string) =>
    setDraft((current) => {
      if (!current) return current;
      const values = current[list] as string[];
      const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
      return { ...current, [list]: next } as TReminderPreferences;
    });

  const group = (list: ListKey, values: readonly string[]) => (
    <fieldset className="mb-4">
      <legend className="h5">{t(`reminders.${list}`)}</legend>
      {values.map((value) => {
        const id = `reminder-${list}-${value}`;
        return (
          <div key={value} className="form-check">
            <input
              id={id}
              type="checkbox"
              checked={(draft?.[list] as string[] | undefined)?.includes(value) ?? false}
              onChange={() => toggle(list, value)}
            />
            <label htmlFor={id}>{t(`reminders.options.${value}` as "reminders.title")}</label>
          </div>
        );
      })}
    </fieldset>
  );

  return (
    <div>
      <h1 className="mb-3">{t("reminders.title")}</h1>
      <p>{t("reminders.intro")}</p>
      <PushSection />
      <BotAccessSection />
      {preferences.isPending ? <PageLoader /> : null}
      {preferences.isError ? <FormMessage kind="error">{preferences.error.message}</FormMessage> : null}
      {draft ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft, {
              onSuccess: () => alerts.success(t("reminders.saved")),
              onError: (error) => alerts.error(isApiError(error) ? error.message : t("errors.unexpected")),
            });
          }}
        >
          {group("channels", REMINDER_CHANNELS)}
          {group("leads", REMINDER_LEAD_KEYS)}
          {group("kinds", REMINDER_KINDS)}
          <Button type="submit" color="primary" disabled={save.isPending}>
            {t("reminders.save")}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function PushSection() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [state, setState] = useState<PushState>(() => (pushState() === "granted" ? "default" : pushState()));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void isSubscribed().then((subscribed) => {
      if (live && subscribed) setState("granted");
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="push-title" className="mb-4">
      <h2 id="push-title" className="h4">
        {t("reminders.pushTitle")}
      </h2>
      {state === "granted" ? <p data-testid="push-state">{t("reminders.pushOn")}</p> : null}
      {state === "denied" ? (
        <div className="alert alert-warning" role="alert">
          {t("reminders.pushDenied")}
        </div>
      ) : null}
      {state === "unsupported" ? <p>{t("reminders.pushUnsupported")}</p> : null}
      {state === "default" ? <p>{t("reminders.pushHint")}</p> : null}
      {state !== "unsupported" && state !== "denied" ? (
        <Button
          type="button"
          color="primary"
          outline
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              setState(await enablePush());
            } catch {
              // No push service reachable (a browser without one, offline): the worker stays, the hint says so.
              setState(pushState() === "granted" ? "default" : pushState());
              alerts.error(t("reminders.pushFailed"));
            } finally {
              setBusy(false);
            }
          }}
        >
          {state === "granted" ? t("reminders.pushRefresh") : t("reminders.pushEnable")}
        </Button>
      ) : null}
    </section>
  );
}
