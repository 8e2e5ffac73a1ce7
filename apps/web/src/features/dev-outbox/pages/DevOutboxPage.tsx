import type { TOutboxMessage } from "@cura/domain";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { Linkify } from "../../../ui/Linkify.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import NotFoundPage from "../../not-found/pages/NotFoundPage.tsx";
import { useOutbox } from "../api/outbox.ts";

/**
 * The dev outbox (DESIGN §2): every e-mail and SMS the server "sent" in development and tests, so a
 * person or a journey can read a link or a one-time code. The API answers 404 when it is off.
 */
export default function DevOutboxPage() {
  const { t } = useTranslation();
  const filterId = useId();
  const [draft, setDraft] = useState("");
  const [to, setTo] = useState("");
  const outbox = useOutbox(to);

  // In production the outbox does not exist: the page is simply not there.
  if (outbox.isError && isApiError(outbox.error) && outbox.error.status === 404) return <NotFoundPage />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTo(draft);
  };

  return (
    <div>
      <h1 className="mb-3">{t("outbox.title")}</h1>
      <p className="lead mb-5">{t("outbox.lead")}</p>
      <form className="row g-2 align-items-end mb-4" onSubmit={onSubmit}>
        <div className="col-12 col-md-6">
          <div className="form-group mb-0">
            <label htmlFor={filterId} className="active">
              {t("outbox.filter")}
            </label>
            <input
              id={filterId}
              type="search"
              className="form-control"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="col-auto d-flex gap-2">
          <button type="submit" className="btn btn-primary">
            {t("outbox.apply")}
          </button>
          <button type="button" className="btn btn-outline-primary" onClick={() => void outbox.refetch()}>
            {t("outbox.refresh")}
          </button>
        </div>
      </form>
      <OutboxResults outbox={outbox} />
    </div>
  );
}

function OutboxResults({ outbox }: { outbox: ReturnType<typeof useOutbox> }) {
  const { t } = useTranslation();
  if (outbox.isPending) return <PageLoader />;
  if (outbox.isError) {
    const error = outbox.error;
    const message = isApiError(error) ? error.message : t("errors.unexpected");
    return (
      <div className="alert alert-warning" role="alert">
        {message}
      </div>
    );
  }
  if (outbox.data.length === 0) return <p>{t("outbox.empty")}</p>;
  return (
    <ol className="list-unstyled" aria-label={t("outbox.listLabel")}>
      {outbox.data.map((message) => (
        <li key={message.hashid} className="mb-4">
          <OutboxMessage message={message} />
        </li>
      ))}
    </ol>
  );
}

function OutboxMessage({ message }: { message: TOutboxMessage }) {
  const { t, i18n } = useTranslation();
  const created = new Date(message.created_at);
  const when = Number.isNaN(created.getTime())
    ? message.created_at
    : created.toLocaleString(i18n.resolvedLanguage === "en" ? "en-GB" : "it-IT");
  const subject = message.subject || t("outbox.noSubject");
  return (
    <article className="card card-bg shadow-sm" data-testid="outbox-message">
      <div className="card-body">
        <h2 className="h5 card-title">{subject}</h2>
        <dl className="row small mb-2">
          <dt className="col-sm-2">{t("outbox.to")}</dt>
          <dd className="col-sm-10 text-break" data-field="to">
            {message.to}
          </dd>
          <dt className="col-sm-2">{t("outbox.channel")}</dt>
          <dd className="col-sm-10">
            {message.channel === "bot"
              ? t("outbox.bot")
              : message.channel === "sms"
                ? t("outbox.sms")
                : t("outbox.email")}
          </dd>
          <dt className="col-sm-2">{t("outbox.createdAt")}</dt>
          <dd className="col-sm-10">
            <time dateTime={message.created_at}>{when}</time>
          </dd>
        </dl>
        <pre className="cura-outbox-text mb-2" data-field="text">
          <Linkify text={message.text} />
        </pre>
        {message.html ? (
          <details>
            <summary>{t("outbox.showHtml")}</summary>
            <iframe
              className="cura-outbox-html mt-2"
              title={t("outbox.htmlFrame", { subject })}
              sandbox=""
              srcDoc={message.html}
            />
          </details>
        ) : null}
      </div>
    </article>
  );
}
