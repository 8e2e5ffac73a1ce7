import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client.ts";
import { type AuditActor, recordAudit } from "../../platform/audit/audit.ts";
import type { ModuleContext } from "../../platform/module.ts";
import * as credentials from "./credentials-repository.ts";
import { escapeHtml } from "./delivery.ts";
import type { AnagraficaRow } from "./repository.ts";
import * as repository from "./repository.ts";
import { sendVerificationMail } from "./verification.ts";

/**
 * A person's contacts: where their password recovery, one-time codes and notices go. Every path
 * that changes one (own profile, an operator for a patient, an administrator) goes through
 * recordContactChange in its transaction and notifyContactChange after the commit, so that the
 * previous address or number always hears of it and the audit log has the before and the after.
 * Phones in international form (prefix and number), null when there is none.
 */
export interface Contacts {
  email: string | null;
  phone: string | null;
  reservePhone: string | null;
  homePhone: string | null;
}

type ContactKey = keyof Contacts;
const CONTACT_KEYS: readonly ContactKey[] = ["email", "phone", "reservePhone", "homePhone"];

/** Audit detail names; none may contain "code", "token", "password" or "otp" (the audit redacts those). */
const AUDIT_NAMES: Record<ContactKey, string> = {
  email: "email",
  phone: "phone",
  reservePhone: "reserve_phone",
  homePhone: "home_phone",
};

const international = (prefix: string | null | undefined, number: string | null | undefined) =>
  number ? `${prefix ?? ""}${number}` : null;

export function contactsOf(
  user: { email: string | null } | null,
  anagrafica: Pick<
    AnagraficaRow,
    "prefix" | "telNumber" | "prefixSecondary" | "telNumberSecondary" | "homeNumber"
  > | null,
): Contacts {
  return {
    email: user?.email ?? null,
    phone: international(anagrafica?.prefix, anagrafica?.telNumber),
    reservePhone: international(anagrafica?.prefixSecondary, anagrafica?.telNumberSecondary),
    homePhone: anagrafica?.homeNumber ?? null,
  };
}

const same = (key: ContactKey, a: string | null, b: string | null) =>
  key === "email" ? (a?.toLowerCase() ?? null) === (b?.toLowerCase() ?? null) : a === b;

/** The contacts whose value differs between the two. */
export function changedContacts(before: Contacts, after: Contacts): ContactKey[] {
  return CONTACT_KEYS.filter((key) => !same(key, before[key], after[key]));
}

export interface ContactChange {
  userId: number;
  before: Contacts;
  after: Contacts;
  changed: ContactKey[];
  /** The person's first name, for the greeting of an e-mail. */
  name?: string;
}

/**
 * In the transaction that writes the new contacts: a changed address or number is no longer
 * verified (nobody has proved to hold the new one), password links in flight die with the old
 * address, and the audit entry keeps the before and the
 * after. Returns what notifyContactChange needs after the commit, or null when nothing changed.
 */
export async function recordContactChange(
  tx: Executor,
  actor: AuditActor,
  change: { userId: number; before: Contacts; after: Contacts; companyId?: number | null; name?: string },
): Promise<ContactChange | null> {
  const changed = changedContacts(change.before, change.after);
  if (changed.length === 0) return null;
  const cleared: Parameters<typeof repository.updateUser>[2] = {};
  if (changed.includes("email")) cleared.emailVerifiedAt = null;
  if (changed.includes("phone")) cleared.numberVerifiedAt = null;
  if (changed.includes("reservePhone")) cleared.secondaryNumberVerifiedAt = null;
  if (Object.keys(cleared).length > 0) await repository.updateUser(tx, change.userId, cleared);
  // A password link mailed to the old address no longer opens the account (and would otherwise
  // prove the new address, passwords.ts resetPassword).
  if (changed.includes("email")) await credentials.expireResetTokens(tx, change.userId);
  const detail: Record<string, string | null> = {};
  for (const key of changed) {
    detail[`${AUDIT_NAMES[key]}_before`] = change.before[key];
    detail[`${AUDIT_NAMES[key]}_after`] = change.after[key];
  }
  await recordAudit(tx, actor, {
    action: "contacts.changed",
    entity: "user",
    entityId: change.userId,
    companyId: change.companyId ?? null,
    detail,
  });
  return { userId: change.userId, before: change.before, after: change.after, changed, name: change.name };
}

const NOTICE_CLOSING = "Se non hai chiesto tu questa modifica, contatta subito l'assistenza di Cura.";

/** The notice's words per contact: an e-mail's subject and sentence, an SMS's sentence. */
const NOTICES = {
  email: {
    subject: "Modifica dell'indirizzo e-mail del tuo account Cura",
    sentence:
      "L'indirizzo e-mail del tuo account Cura è stato modificato: da ora non riceverai più qui i suoi messaggi.",
  },
  homePhone: {
    subject: "Modifica del numero di casa del tuo account Cura",
    sentence: "Il numero di telefono di casa del tuo account Cura è stato modificato.",
  },
  phone: "Cura: il numero di cellulare del tuo account è stato modificato.",
  reservePhone: "Cura: il numero di cellulare di riserva del tuo account è stato modificato.",
} as const;

/**
 * After the commit: the previous e-mail and the previous mobile numbers are told that the account's
 * messages no longer go there (without the new value: whoever changed it may not be the owner); a
 * new e-mail gets its verification link. A landline receives no SMS, so a changed home number is
 * told to the account's e-mail. A notice that fails is logged: the change stands.
 */
export async function notifyContactChange(
  ctx: ModuleContext,
  request: FastifyRequest,
  change: ContactChange | null,
): Promise<void> {
  if (!change) return;
  const { before, after, changed } = change;
  const sends: Array<Promise<void>> = [];
  const mail = (to: string, notice: { subject: string; sentence: string }) =>
    sends.push(
      ctx.mailer.send({
        to,
        subject: notice.subject,
        text: `Ciao,\n\n${notice.sentence}\n\n${NOTICE_CLOSING}`,
        html: `<p>Ciao,</p><p>${escapeHtml(notice.sentence)}</p><p>${escapeHtml(NOTICE_CLOSING)}</p>`,
      }),
    );
  const sms = (to: string, sentence: string) => sends.push(ctx.sms.send({ to, text: `${sentence} ${NOTICE_CLOSING}` }));

  if (changed.includes("email") && before.email) mail(before.email, NOTICES.email);
  if (changed.includes("phone") && before.phone) sms(before.phone, NOTICES.phone);
  if (changed.includes("reservePhone") && before.reservePhone) sms(before.reservePhone, NOTICES.reservePhone);
  if (changed.includes("homePhone") && before.homePhone && after.email) mail(after.email, NOTICES.homePhone);
  if (changed.includes("email") && after.email) {
    sends.push(sendVerificationMail(ctx, { id: change.userId, email: after.email, name: change.name }));
  }
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === "rejected") request.log.error({ err: result.reason }, "contact change notice not sent");
  }
}

/**
 * Whether the person ever signed in (with a password, SPID or CIE): every sign-in opens a session,
 * and sessions are revoked, never deleted (tables.ts).
 */
export function hasEverSignedIn(db: Executor, userId: number): Promise<boolean> {
  return repository.hasAnySession(db, userId);
}
