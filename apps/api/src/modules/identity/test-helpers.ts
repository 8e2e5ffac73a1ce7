import { type TOutboxMessage, type TRegisterBody, taxCodeCheckChar } from "@cura/domain";
import type { TestContext } from "../../../test/helpers.ts";

/** Identity tests' shared pieces: the dev outbox, links in messages, a valid registration. */

/** Messages sent to an address or number, newest first. */
export async function outbox(t: TestContext, to: string): Promise<TOutboxMessage[]> {
  const response = await t.request({ method: "GET", url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().data as TOutboxMessage[];
}

/**
 * The newest message to `to` once there are more than `already` (recovery sends after answering,
 * so the test waits a little for it).
 */
export async function nextMessage(t: TestContext, to: string, already: number): Promise<TOutboxMessage> {
  for (let i = 0; i < 100; i++) {
    const messages = await outbox(t, to);
    if (messages.length > already && messages[0]) return messages[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no new message to ${to}`);
}

/** Waits for the background work of a request to settle, then tells how many messages `to` has. */
export async function settledCount(t: TestContext, to: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  return (await outbox(t, to)).length;
}

export function linkIn(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  if (!match) throw new Error(`no link matching ${pattern} in: ${text}`);
  return match[0];
}

/** A path and query of a link on our own public URL. */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return url.pathname + url.search;
};

export const taxCode = (first15: string): string => first15 + taxCodeCheckChar(first15);

export const NEW_PASSWORD = "Tartaruga-Blu-77";

let counter = 0;
/** A complete, valid citizen registration with a fresh e-mail address. */
export function citizenRegistration(overrides: Partial<TRegisterBody> = {}): TRegisterBody {
  counter += 1;
  return {
    email: `anna.verdi.${counter}.${Date.now()}@example.it`,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
    type: 0,
    project: "nessuno",
    anagrafica: {
      name: "Anna",
      surname: "Verdi",
      cf: taxCode("VRDNNA90A41F205"),
      birthday: "1990-01-01",
      regione: "Lombardia",
      provincia: "MI",
      comune: "Milano",
      cap: "20121",
      address: "Via Roma 1",
      tel_number: "3331234567",
    },
    data_consense: true,
    share_consense: true,
    charge_consense: true,
    ...overrides,
  };
}
