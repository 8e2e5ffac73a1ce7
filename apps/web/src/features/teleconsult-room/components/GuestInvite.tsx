import { DEFAULT_PHONE_PREFIX } from "@cura/domain/constants";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api.ts";
import { admitGuest, inviteGuest } from "../api/call.ts";

/**
 * A typed number as the API takes it (spec 000 §5: prefix and national number): "+41 79…" gives
 * its prefix, "+39333…" the Italian one, anything else is a national number (+39 by default).
 */
export function phoneOf(value: string): { prefix?: string; phone: string } {
  const spaced = /^(\+\d{1,4})\s+(.+)$/.exec(value);
  if (spaced) return { prefix: spaced[1] as string, phone: (spaced[2] as string).replace(/\s/g, "") };
  const compact = value.replace(/\s/g, "");
  if (compact.startsWith(DEFAULT_PHONE_PREFIX)) return { phone: compact.slice(DEFAULT_PHONE_PREFIX.length) };
  return { phone: compact };
}

/** The operator invites one guest (caregiver, interpreter) by e-mail or SMS, and admits them when they wait. */
export function GuestInvite({
  booking,
  waiting,
}: {
  booking: string;
  waiting: { hashid: string; name: string } | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [contact, setContact] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [admitted, setAdmitted] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = contact.trim();
    const body = value.includes("@") ? { name, email: value } : { name, ...phoneOf(value) };
    try {
      await inviteGuest(booking, body);
      setMessage(t("teleconsultRoom.guest.invited"));
    } catch (error) {
      // A refused number or address says why (the field's message), else the server's message.
      const fieldMessage = isApiError(error) ? Object.values(error.errors).flat()[0] : undefined;
      setMessage(isApiError(error) ? (fieldMessage ?? error.message) : t("teleconsultRoom.guest.inviteError"));
    }
  };
  const admit = async (guest: string) => {
    try {
      await admitGuest(booking, guest);
      setAdmitted(guest);
    } catch (error) {
      setMessage(isApiError(error) ? error.message : t("teleconsultRoom.guest.inviteError"));
    }
  };

  return (
    <section className="mt-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {t("teleconsultRoom.guest.title")}
      </h2>
      {waiting && admitted !== waiting.hashid ? (
        <div className="alert alert-info d-flex align-items-center gap-3" role="status">
          <span>{t("teleconsultRoom.guest.waiting", { name: waiting.name })}</span>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void admit(waiting.hashid)}>
            {t("teleconsultRoom.guest.admit", { name: waiting.name })}
          </button>
        </div>
      ) : null}
      <form className="row g-2 align-items-end" onSubmit={(event) => void submit(event)}>
        <div className="col-12 col-md-5 form-group mb-0">
          <label htmlFor={`${id}-name`} className="active">
            {t("teleconsultRoom.guest.name")}
          </label>
          <input
            id={`${id}-name`}
            className="form-control"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </div>
        <div className="col-12 col-md-5 form-group mb-0">
          <label htmlFor={`${id}-contact`} className="active">
            {t("teleconsultRoom.guest.contact")}
          </label>
          <input
            id={`${id}-contact`}
            className="form-control"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
            required
          />
        </div>
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-outline-primary">
            {t("teleconsultRoom.guest.invite")}
          </button>
        </div>
      </form>
      {message ? (
        <p className="mt-2" role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}
