import { DELAYS_MS, type TNotification } from "@cura/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMarkNotificationsRead } from "../api/mark-read.ts";
import { useNotifications } from "../api/notifications.ts";

/**
 * The notification centre in the shell's header (spec 001 §2 screen 22): a bell with the unread
 * count; opening it lists the newest notifications, and the unread ones among them become read one
 * second later (DELAYS_MS.notificationReadMove), so the reader sees which were new before they move.
 */
export function NotificationCentre() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const query = useNotifications();
  const { mutate: markRead } = useMarkNotificationsRead();
  const items = query.data?.data ?? [];
  const unread = query.data?.meta.unread ?? 0;
  const unreadShown = items
    .filter((n) => !n.read)
    .map((n) => n.hashid)
    .join(",");

  useEffect(() => {
    if (!open || unreadShown === "") return;
    const timer = setTimeout(() => markRead(unreadShown.split(",")), DELAYS_MS.notificationReadMove);
    return () => clearTimeout(timer);
  }, [open, unreadShown, markRead]);

  // Escape or a click outside closes the panel; Escape gives the focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onPointer);
    };
  }, [open]);

  // Made when the panel opens: the first date format of a page loads the locale's calendar data,
  // which the closed bell in every page's header has no need of (issue 15: the first page's long task).
  const when = open ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }) : null;

  return (
    <div className="position-relative cura-notification-centre" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-primary btn-sm btn-icon position-relative"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t("notifications.openUnread", { count: unread }) : t("notifications.open")}
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="badge rounded-pill bg-danger ms-1" aria-hidden="true" data-testid="notification-badge">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={titleId}
          className="position-absolute end-0 mt-2 bg-white text-dark shadow rounded p-3"
          style={{ width: "min(24rem, 90vw)", zIndex: 1050, maxHeight: "70vh", overflowY: "auto" }}
        >
          <h2 id={titleId} className="h6 mb-3">
            {t("notifications.title")}
          </h2>
          {query.isError ? (
            <p className="text-danger mb-0">{t("notifications.loadError")}</p>
          ) : query.isPending ? (
            <p className="mb-0">{t("notifications.loading")}</p>
          ) : items.length === 0 ? (
            <p className="mb-0">{t("notifications.empty")}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {items.map((item) => (
                <NotificationItem
                  key={item.hashid}
                  item={item}
                  when={when?.format(new Date(item.created_at)) ?? ""}
                  onFollow={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

function NotificationItem({ item, when, onFollow }: { item: TNotification; when: string; onFollow: () => void }) {
  const { t } = useTranslation();
  return (
    <li
      className={`border-bottom py-2 ${item.read ? "" : "fw-semibold"}`}
      data-testid="notification-item"
      data-read={item.read}
    >
      <div className="d-flex justify-content-between align-items-start gap-2">
        <span>{item.title}</span>
        {item.read ? null : <span className="badge bg-primary">{t("notifications.new")}</span>}
      </div>
      <p className="small mb-1 fw-normal lh-sm">{item.body}</p>
      <div className="d-flex justify-content-between align-items-center small fw-normal">
        <time dateTime={item.created_at}>{when}</time>
        {item.link ? (
          <Link to={item.link} onClick={onFollow} className="text-primary">
            {t("notifications.openBooking")}
            <span className="visually-hidden">: {item.title}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** Bootstrap Italia has no bell among its icons: the usual notification bell (Material, Apache 2.0). */
function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z" />
    </svg>
  );
}
