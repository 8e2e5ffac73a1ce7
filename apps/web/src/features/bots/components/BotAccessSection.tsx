import type { BotMessenger, TBotAccess } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { ConfirmModal } from "../../../ui/ConfirmModal.tsx";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { Pager } from "../../../ui/Pager.tsx";
import { BOTS_PER_PAGE, useBotAccess, useBotDelete, useBotLink, useBotStatus, useRefreshBots } from "../api/bots.ts";

/** The spec's code: 'WP' is WhatsApp, anything else Telegram. */
const messengerName = (messenger: string) => (messenger === "WP" ? "WhatsApp" : "Telegram");

/**
 * The messenger section of the notification channels (spec 001 §2 screen 7; §3 Bot access): the
 * linked chats with an active switch and a delete button, each after a confirm, and a deep link to
 * link another chat from the phone.
 */
export function BotAccessSection() {
  const { t, i18n } = useTranslation();
  const alerts = useAlerts();
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useBotAccess(page);
  const link = useBotLink();
  const status = useBotStatus();
  const remove = useBotDelete();
  const refresh = useRefreshBots();
  const [toSwitch, setToSwitch] = useState<TBotAccess | null>(null);
  const [toDelete, setToDelete] = useState<TBotAccess | null>(null);
  const available = list.data?.meta.messengers.filter((m) => m.available) ?? [];
  const describe = (access: TBotAccess) => ({ messenger: messengerName(access.messenger), bot: access.bot_username });

  const requestLink = (messenger: BotMessenger) =>
    link.mutate(messenger, {
      onError: (error) => alerts.error(isApiError(error) ? error.message : t("bots.linkError")),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4" data-testid="bot-access">
      <h2 id={`${id}-title`} className="h4">
        {t("bots.title")}
      </h2>
      <p>{t("bots.intro")}</p>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <FormMessage kind="error">{t("bots.loadError")}</FormMessage> : null}
      {list.data && list.data.data.length === 0 ? <p>{t("bots.empty")}</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <ul className="list-unstyled" aria-label={t("bots.listLabel")}>
          {list.data.data.map((access) => {
            const switchId = `${id}-${access.hashid}`;
            return (
              <li key={access.hashid} className="d-flex flex-wrap align-items-center gap-3 border-bottom py-2">
                <span className="flex-grow-1">
                  <strong>{messengerName(access.messenger)}</strong> {access.bot_username}
                </span>
                <div className="form-check form-switch m-0">
                  <input
                    id={switchId}
                    className="form-check-input"
                    type="checkbox"
                    role="switch"
                    checked={access.active}
                    aria-checked={access.active}
                    onChange={() => setToSwitch(access)}
                  />
                  <label className="form-check-label" htmlFor={switchId}>
                    {t("bots.activeLabel", describe(access))}
                  </label>
                </div>
                <Button type="button" color="danger" outline size="sm" onClick={() => setToDelete(access)}>
                  {t("bots.delete", describe(access))}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {list.data ? (
        <Pager
          page={page}
          perPage={BOTS_PER_PAGE}
          total={list.data.meta.total}
          onPage={setPage}
          label={t("bots.listLabel")}
        />
      ) : null}

      {list.data && available.length === 0 ? <p>{t("bots.unavailable")}</p> : null}
      {available.length > 0 ? (
        <div className="d-flex flex-wrap gap-2 mb-3">
          {available.map((m) => (
            <Button
              key={m.messenger}
              type="button"
              color="primary"
              outline
              disabled={link.isPending}
              onClick={() => requestLink(m.messenger)}
            >
              {t("bots.link", { messenger: messengerName(m.messenger) })}
            </Button>
          ))}
        </div>
      ) : null}
      {link.data ? (
        <div className="alert alert-info" role="status">
          <p className="mb-2">
            {t("bots.linkReady", {
              messenger: messengerName(link.data.messenger),
              time: new Date(link.data.expires_at).toLocaleTimeString(i18n.language, {
                hour: "2-digit",
                minute: "2-digit",
              }),
            })}
          </p>
          <a href={link.data.url} target="_blank" rel="noopener noreferrer" className="btn btn-primary btn-sm me-2">
            {t("bots.open", { messenger: messengerName(link.data.messenger) })}
          </a>
          <Button type="button" color="primary" outline size="sm" onClick={() => void refresh()}>
            {t("bots.refresh")}
          </Button>
        </div>
      ) : null}

      <ConfirmModal
        isOpen={toSwitch !== null}
        title={toSwitch?.active ? t("bots.deactivateTitle") : t("bots.activateTitle")}
        confirmLabel={toSwitch?.active ? t("bots.deactivate") : t("bots.activate")}
        cancelLabel={t("bots.cancel")}
        busy={status.isPending}
        onCancel={() => setToSwitch(null)}
        onConfirm={() => {
          if (!toSwitch) return;
          status.mutate(
            { hashid: toSwitch.hashid, active: !toSwitch.active },
            {
              onSuccess: (answer) => alerts.success(answer.message),
              onError: () => alerts.error(t("bots.updateError")),
              onSettled: () => setToSwitch(null),
            },
          );
        }}
      >
        {toSwitch ? t(toSwitch.active ? "bots.deactivateBody" : "bots.activateBody", describe(toSwitch)) : null}
      </ConfirmModal>
      <ConfirmModal
        isOpen={toDelete !== null}
        title={t("bots.deleteTitle")}
        confirmLabel={t("bots.deleteConfirm")}
        cancelLabel={t("bots.cancel")}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.hashid, {
            onSuccess: (answer) => {
              alerts.success(answer.message);
              // The last item of a later page gone: back one page rather than an empty one.
              if (page > 1 && list.data?.data.length === 1) setPage(page - 1);
            },
            onError: () => alerts.error(t("bots.deleteError")),
            onSettled: () => setToDelete(null),
          });
        }}
      >
        {toDelete ? t("bots.deleteBody", describe(toDelete)) : null}
      </ConfirmModal>
    </section>
  );
}
