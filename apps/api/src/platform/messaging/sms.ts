import type { Outbox } from "./outbox.ts";

export interface Sms {
  /** International form: prefix and number, e.g. +393331234567. */
  to: string;
  text: string;
}

/** An SMS provider adapter implements this (one per provider); none is bundled yet. */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** Development and tests: the message lands in the dev outbox only. */
export function createOutboxSmsSender(outbox: Outbox): SmsSender {
  return {
    send: (sms) => outbox.put({ channel: "sms", recipient: sms.to, subject: null, text: sms.text, html: null }),
  };
}

/** Production without a configured provider: refuse loudly instead of silently dropping codes. */
export const unconfiguredSmsSender: SmsSender = {
  async send() {
    throw new Error("No SMS provider is configured");
  },
};
