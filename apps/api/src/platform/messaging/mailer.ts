import nodemailer from "nodemailer";
import type { Outbox } from "./outbox.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (a signed document); the dev outbox keeps their names and sizes. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Outside production every mail is also kept in the
 * dev outbox, so a developer or a test reads links and codes there; in production the outbox is
 * never written.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: Outbox | null }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (options.outbox) {
        await options.outbox.put({
          channel: "email",
          recipient: mail.to.toLowerCase(),
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.byteLength,
          })),
        });
      }
      if (transport) {
        const attachments = mail.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) }));
        await transport.sendMail({ from: options.from, ...mail, attachments });
      }
    },
  };
}
