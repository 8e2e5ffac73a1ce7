import type { Transporter } from "nodemailer";
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
 *
 * nodemailer is imported with the first mail: loaded at start it kept about 4 MB resident in every
 * server, also those without SMTP (docs/performance.md "Start and memory").
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: Outbox | null }): Mailer {
  const { smtpUrl } = options;
  let transport: Promise<Transporter> | null = null;
  const transportOf = (url: string) => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
    return transport;
  };
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
      if (smtpUrl) {
        const attachments = mail.attachments?.map((a) => ({ ...a, content: Buffer.from(a.content) }));
        await (await transportOf(smtpUrl)).sendMail({ from: options.from, ...mail, attachments });
      }
    },
  };
}
