import { Button } from "design-react-kit";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "../../../lib/api.ts";
import { useAlerts } from "../../../ui/alerts/index.ts";
import { useAskChatbot, useChatbotCode } from "../api/chatbot.ts";

interface Line {
  from: "bot" | "me";
  text: string;
  links?: Array<{ label: string; url: string }>;
}

/**
 * The citizen's chat-bot (spec 001 §2 "Chat-bot widget"): shown once its code arrives; a panel that
 * answers from the FAQ. Mounted by the citizen shell only, so it goes when the area is left.
 */
export default function ChatbotWidget() {
  const { t } = useTranslation();
  const code = useChatbotCode();
  const ask = useAskChatbot();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [lines, setLines] = useState<Line[]>([]);
  const inputId = useId();
  const panelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const alerts = useAlerts();
  const failed = code.isError;
  const told = useRef(false);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  // After the 20 polls (spec 001 §8): the message is told once, in the alert centre, and the widget stays hidden.
  // (The alert API changes with every alert shown: the ref keeps this to one message.)
  useEffect(() => {
    if (!failed || told.current) return;
    told.current = true;
    alerts.error(t("chatbot.codeFailed"));
  }, [failed, alerts, t]);

  if (!code.data) return null;
  const userId = code.data.code;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    setLines((all) => [...all, { from: "me", text: message }]);
    setText("");
    ask.mutate(
      { userId, message },
      {
        onSuccess: (reply) =>
          setLines((all) => [
            ...all,
            ...reply.messages.map((m) => ({ from: "bot" as const, text: m.text, links: reply.links })),
          ]),
        onError: (error) =>
          setLines((all) => [
            ...all,
            { from: "bot", text: isApiError(error) ? error.message : t("errors.unexpected") },
          ]),
      },
    );
  };

  return (
    <div
      className="cura-chatbot position-fixed"
      style={{ right: 16, bottom: 72, zIndex: 1040, maxWidth: "min(360px, calc(100vw - 32px))" }}
    >
      {open ? (
        <section id={panelId} className="card shadow p-3" aria-label={t("chatbot.title")}>
          <div className="d-flex justify-content-between align-items-center mb-2">
            <h2 className="h5 mb-0">{t("chatbot.title")}</h2>
            <Button type="button" color="primary" outline size="xs" onClick={() => setOpen(false)}>
              {t("common.close")}
            </Button>
          </div>
          <ol
            className="list-unstyled mb-2"
            aria-live="polite"
            style={{ maxHeight: 280, overflowY: "auto" }}
            data-testid="chatbot-lines"
          >
            <li className="mb-2">{t("chatbot.welcome")}</li>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are only appended.
              <li key={index} className={`mb-2 ${line.from === "me" ? "text-end fw-semibold" : ""}`}>
                <span className="visually-hidden">{line.from === "me" ? t("chatbot.you") : t("chatbot.bot")}: </span>
                {line.text}
                {line.links?.map((link) => (
                  <span key={link.url} className="d-block">
                    <Link to={link.url}>{link.label}</Link>
                  </span>
                ))}
              </li>
            ))}
          </ol>
          <form onSubmit={onSubmit} className="d-flex gap-2 align-items-end">
            <div className="form-group mb-0 flex-grow-1">
              <label htmlFor={inputId} className="active">
                {t("chatbot.question")}
              </label>
              <input
                ref={inputRef}
                id={inputId}
                type="text"
                className="form-control"
                maxLength={500}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
            <Button type="submit" color="primary" size="sm" disabled={ask.isPending}>
              {t("chatbot.send")}
            </Button>
          </form>
        </section>
      ) : (
        <Button
          type="button"
          color="primary"
          aria-expanded={false}
          aria-controls={panelId}
          onClick={() => setOpen(true)}
        >
          {t("chatbot.open")}
        </Button>
      )}
    </div>
  );
}
