import { MESSAGE_MAX_LENGTH, type TBookingMessage, ZBookingMessageBody } from "@cura/domain";
import { Button } from "design-react-kit";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { setServerErrors } from "../../../lib/api.ts";
import { schemaResolver, useAppForm } from "../../../lib/forms.ts";
import { useBookingMessages, useMarkBookingMessagesRead, useSendBookingMessage } from "../api/messages.ts";

interface Form {
  body: string;
}

/**
 * The messages of one booking between the citizen and the company (spec 001 §7
 * `reservations/message/{id}`): the conversation, oldest first, and a form to write. The other
 * party's unread messages are marked read once they are on screen. Self-contained: a booking's
 * detail page mounts it with the booking's hashid, and with `closedNote` when nobody may write any
 * more (a teleconsultation whose call ended): that line instead of the form, the messages still read.
 */
export function BookingMessages({
  bookingHashid,
  closedNote,
}: {
  bookingHashid: string;
  closedNote?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const messages = useBookingMessages(bookingHashid);
  const send = useSendBookingMessage(bookingHashid);
  const { mutate: markRead } = useMarkBookingMessagesRead(bookingHashid);
  const form = useAppForm<Form>({ resolver: schemaResolver<Form>(ZBookingMessageBody), defaultValues: { body: "" } });
  const error = form.formState.errors.body?.message;

  // Unread messages of the other party on screen: tell the server they are read.
  const unreadFromOther = (messages.data ?? []).filter((m) => !m.mine && m.read_at === null).length;
  useEffect(() => {
    if (unreadFromOther > 0) markRead();
  }, [unreadFromOther, markRead]);

  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync(body);
      form.reset({ body: "" });
    } catch (cause) {
      const { placed } = setServerErrors(cause, form.setError, ["body"]);
      if (placed === 0) form.setError("body", { type: "server", message: t("bookingMessages.sendError") });
    }
  });

  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });

  return (
    <section aria-labelledby={titleId} className="cura-booking-messages">
      <h2 id={titleId} className="h4">
        {t("bookingMessages.title")}
      </h2>
      {messages.isError ? (
        <p className="text-danger">{t("bookingMessages.loadError")}</p>
      ) : messages.isPending ? (
        <p>{t("bookingMessages.loading")}</p>
      ) : messages.data.length === 0 ? (
        <p>{t("bookingMessages.empty")}</p>
      ) : (
        <ol className="list-unstyled" aria-live="polite">
          {messages.data.map((message) => (
            <MessageItem key={message.hashid} message={message} when={when.format(new Date(message.created_at))} />
          ))}
        </ol>
      )}
      {closedNote ? (
        <p className="text-muted" data-testid="booking-messages-closed">
          {closedNote}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <div className="form-group mb-2">
            <label htmlFor={fieldId} className="active">
              {t("bookingMessages.label")}
            </label>
            <textarea
              id={fieldId}
              className={`form-control ${error ? "is-invalid" : ""}`}
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...form.register("body")}
            />
            {error ? (
              <div id={errorId} className="invalid-feedback d-block">
                {error}
              </div>
            ) : null}
          </div>
          <Button color="primary" type="submit" disabled={send.isPending}>
            {t("bookingMessages.send")}
          </Button>
        </form>
      )}
    </section>
  );
}

function MessageItem({ message, when }: { message: TBookingMessage; when: string }) {
  const { t } = useTranslation();
  return (
    <li
      className={`card card-bg mb-2 p-3 ${message.mine ? "ms-5 border-start border-4 border-primary" : "me-5"}`}
      data-testid="booking-message"
    >
      <div className="d-flex justify-content-between small">
        <strong>{message.mine ? t("bookingMessages.you") : message.author_name}</strong>
        <time dateTime={message.created_at}>{when}</time>
      </div>
      <p className="mb-0 mt-1" style={{ whiteSpace: "pre-wrap" }}>
        {message.body}
      </p>
      {message.mine ? (
        <span className="small text-muted">
          {message.read_at ? t("bookingMessages.read") : t("bookingMessages.unread")}
        </span>
      ) : null}
    </li>
  );
}
