import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { BOT_LINK_TTL_MINUTES, BOT_MESSAGES } from "@cura/domain";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { outboxMessages } from "../../../platform/messaging/tables.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { createPushSender } from "../../../platform/push/sender.ts";
import { bookings } from "../../bookings/tables.ts";
import { type Caller, caller, demoCallers } from "../../companies/test-helpers.ts";
import { runReminders } from "../reminders/service.ts";
import { reminderPreferences, reminderSends } from "../tables.ts";
import { bookableService, moduleContext, testIds } from "../test-helpers.ts";
import { DEMO_BOT, seedDemoBots } from "./demo-data.ts";
import { createMessengers } from "./messengers.ts";
import { whatsappNotification } from "./service.ts";
import { botAccesses, botLinkTokens } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const config = loadConfig({ NODE_ENV: "test" });
const telegramSecret = config.bots.telegram?.webhookSecret as string;
const whatsappSecret = config.bots.whatsapp?.appSecret as string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

let updateId = 1;
function telegramWebhook(text: string, chatId: number, secret: string | null = telegramSecret) {
  return t.request({
    method: "POST",
    url: "/api/v1/bots/telegram/webhook",
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
    body: { update_id: updateId++, message: { message_id: 1, chat: { id: chatId, type: "private" }, text } },
  });
}

const sign = (raw: string, secret = whatsappSecret) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
function whatsappWebhook(text: string, from: string, signature?: string) {
  const raw = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "1",
        changes: [{ field: "messages", value: { messages: [{ from, type: "text", text: { body: text } }] } }],
      },
    ],
  });
  return t.request({
    method: "POST",
    url: "/api/v1/bots/whatsapp/webhook",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature ?? sign(raw) },
    payload: raw,
  });
}

async function linkUrl(who: Caller, messenger: "TG" | "WP"): Promise<string> {
  const response = await who.call("POST", "users/bots/link", { messenger });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.url as string;
}
const telegramToken = (url: string) => new URL(url).searchParams.get("start") as string;
const whatsappText = (url: string) => new URL(url).searchParams.get("text") as string;

const botMessagesTo = (recipient: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "bot"), eq(outboxMessages.recipient, recipient)))
    .orderBy(asc(outboxMessages.id));

async function accessesOf(who: Caller) {
  const response = await who.get("users/bots/access");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("linking a Telegram chat", () => {
  it("links by the deep link's single-use token, and the bot says so in the chat", async () => {
    const before = await accessesOf(people.citizen);
    expect(before.data).toEqual([]);
    expect(before.meta).toMatchObject({ page: 1, total: 0 });
    expect(before.meta.messengers).toEqual([
      { messenger: "TG", available: true, bot_username: "cura_dev_bot" },
      { messenger: "WP", available: true, bot_username: "+390000000000" },
    ]);

    const link = await people.citizen.call("POST", "users/bots/link", { messenger: "TG" });
    expect(link.statusCode).toBe(201);
    const { url, expires_at } = link.json().data;
    expect(url).toMatch(/^https:\/\/t\.me\/cura_dev_bot\?start=[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan((BOT_LINK_TTL_MINUTES - 1) * 60_000);
    expect(ttl).toBeLessThanOrEqual(BOT_LINK_TTL_MINUTES * 60_000);
    // Only the token's hash is stored.
    const stored = await t.database.db.select().from(botLinkTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(telegramToken(url));

    const linked = await telegramWebhook(`/start ${telegramToken(url)}`, 5001);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({ handled: true });
    expect((await botMessagesTo("telegram:5001")).map((m) => m.text)).toEqual([BOT_MESSAGES.linked]);

    const after = await accessesOf(people.citizen);
    expect(after.meta.total).toBe(1);
    expect(after.data).toEqual([
      expect.objectContaining({ bot_username: "cura_dev_bot", active: true, messenger: "TG" }),
    ]);
    // Another citizen sees none of it.
    expect((await accessesOf(people.citizen2)).data).toEqual([]);

    // The same token again (a retried update, another chat): used, so the chat is told to ask anew.
    const again = await telegramWebhook(`/start ${telegramToken(url)}`, 5002);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ handled: false });
    expect((await botMessagesTo("telegram:5002")).map((m) => m.text)).toEqual([BOT_MESSAGES.linkInvalid]);
    expect((await accessesOf(people.citizen)).meta.total).toBe(1);
  });

  it("refuses an expired token and one replaced by a newer link", async () => {
    const first = await linkUrl(people.citizen2, "TG");
    const second = await linkUrl(people.citizen2, "TG");
    expect((await telegramWebhook(`/start ${telegramToken(first)}`, 6001)).json().data.handled).toBe(false);

    await t.database.db.update(botLinkTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await telegramWebhook(`/start ${telegramToken(second)}`, 6001)).json().data.handled).toBe(false);
    expect((await accessesOf(people.citizen2)).data).toEqual([]);
  });

  it("links a chat once when the same update arrives twice at the same time", async () => {
    const url = await linkUrl(people.citizen2, "TG");
    const [a, b] = await Promise.all([
      telegramWebhook(`/start ${telegramToken(url)}`, 6100),
      telegramWebhook(`/start ${telegramToken(url)}`, 6101),
    ]);
    expect([a.json().data.handled, b.json().data.handled].sort()).toEqual([false, true]);
    expect((await accessesOf(people.citizen2)).meta.total).toBe(1);
  });

  it("answers 401 without the secret-token header or with a wrong one, 200 to updates it ignores", async () => {
    const url = await linkUrl(people.citizen, "TG");
    const token = telegramToken(url);
    for (const secret of [null, "wrong-secret-0000000000", `${telegramSecret}x`]) {
      const refused = await telegramWebhook(`/start ${token}`, 5100, secret);
      expect(refused.statusCode).toBe(401);
    }
    expect(await botMessagesTo("telegram:5100")).toEqual([]);
    // Other messages, other update kinds: accepted and ignored, so Telegram does not retry them.
    expect((await telegramWebhook("ciao", 5100)).json()).toEqual({ data: { handled: false } });
    const edited = await t.request({
      method: "POST",
      url: "/api/v1/bots/telegram/webhook",
      headers: { "x-telegram-bot-api-secret-token": telegramSecret },
      body: { update_id: updateId++, my_chat_member: { chat: { id: 5100 } } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ data: { handled: false } });
    // The unused token still works afterwards.
    expect((await telegramWebhook(`/start ${token}`, 5100)).json().data.handled).toBe(true);
  });
});

describe("linking a WhatsApp number", () => {
  it("links by the pre-filled message of a wa.me link, signed with the app secret", async () => {
    const url = await linkUrl(people.citizen, "WP");
    expect(url.startsWith("https://wa.me/390000000000?text=")).toBe(true);
    const text = whatsappText(url);
    expect(text.startsWith(BOT_MESSAGES.whatsappPrefill)).toBe(true);

    const linked = await whatsappWebhook(text, "393331112222");
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toEqual({ handled: true });
    expect((await botMessagesTo("whatsapp:393331112222")).map((m) => m.text)).toEqual([BOT_MESSAGES.linked]);
    const list = await accessesOf(people.citizen);
    expect(list.data[0]).toMatchObject({ messenger: "WP", bot_username: "+390000000000", active: true });
  });

  it("answers 401 to a missing, wrong or foreign signature and to an unsigned body", async () => {
    const url = await linkUrl(people.citizen2, "WP");
    const text = whatsappText(url);
    const raw = JSON.stringify({
      entry: [{ changes: [{ value: { messages: [{ from: "393334445555", text: { body: text } }] } }] }],
    });
    const cases = [
      "",
      "sha256=00",
      sign(raw, "another-app-secret-000000"),
      // Signed, but for other bytes than those sent.
      sign(`${raw} `),
    ];
    for (const signature of cases) {
      const refused = await t.request({
        method: "POST",
        url: "/api/v1/bots/whatsapp/webhook",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        payload: raw,
      });
      expect(refused.statusCode, signature).toBe(401);
    }
    const noBody = await t.request({ method: "POST", url: "/api/v1/bots/whatsapp/webhook" });
    expect(noBody.statusCode).toBe(401);
    const plainText = await t.request({
      method: "POST",
      url: "/api/v1/bots/whatsapp/webhook",
      headers: { "content-type": "text/plain", "x-hub-signature-256": sign(raw) },
      payload: raw,
    });
    expect(plainText.statusCode).toBe(401);
    expect(await botMessagesTo("whatsapp:393334445555")).toEqual([]);
    expect((await accessesOf(people.citizen2)).data.filter((a: { messenger: string }) => a.messenger === "WP")).toEqual(
      [],
    );

    // Signed notifications it does not act on (statuses, other text) are answered 200.
    const statuses = JSON.stringify({ entry: [{ changes: [{ value: { statuses: [{ id: "x", status: "read" }] } }] }] });
    const ignored = await t.request({
      method: "POST",
      url: "/api/v1/bots/whatsapp/webhook",
      headers: { "content-type": "application/json", "x-hub-signature-256": sign(statuses) },
      payload: statuses,
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ data: { handled: false } });
    expect((await whatsappWebhook("buongiorno", "393334445555")).json()).toEqual({ data: { handled: false } });
  });

  it("answers Meta's verification handshake only with the verify token", async () => {
    const verifyToken = config.bots.whatsapp?.verifyToken as string;
    const ok = await t.request({
      method: "GET",
      url: `/api/v1/bots/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const bad = await t.request({
      method: "GET",
      url: "/api/v1/bots/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1158201444",
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).not.toContain("1158201444");
  });
});

describe("status and removal", () => {
  it("switches the owner's chat off and on, removes it; other users' ids are 404", async () => {
    const url = await linkUrl(people.citizen, "TG");
    await telegramWebhook(`/start ${telegramToken(url)}`, 7001);
    const mine = (await accessesOf(people.citizen)).data.find(
      (a: { messenger: string; hashid: string }) => a.messenger === "TG",
    );
    const id = mine.hashid as string;

    // Someone else's chat: as if it did not exist.
    for (const other of [people.citizen2]) {
      expect((await other.call("POST", `users/bots/status/${id}`, { active: false })).statusCode).toBe(404);
      expect((await other.call("DELETE", `users/bots/delete/${id}`)).statusCode).toBe(404);
    }
    // Not a citizen: the route is refused.
    expect((await people.pharmacyOperator.call("POST", `users/bots/status/${id}`, { active: false })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: "GET", url: "/api/v1/users/bots/access" })).statusCode).toBe(401);

    const bad = await people.citizen.call("POST", `users/bots/status/${id}`, { active: "no" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["active"]);

    const off = await people.citizen.call("POST", `users/bots/status/${id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: BOT_MESSAGES.deactivated, data: { hashid: id, active: false } });
    const on = await people.citizen.call("POST", `users/bots/status/${id}`, { active: true });
    expect(on.json()).toMatchObject({ message: BOT_MESSAGES.activated, data: { active: true } });

    const removed = await people.citizen.call("DELETE", `users/bots/delete/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: BOT_MESSAGES.deleted });
    expect((await people.citizen.call("DELETE", `users/bots/delete/${id}`)).statusCode).toBe(404);
    expect((await accessesOf(people.citizen)).data.some((a: { hashid: string }) => a.hashid === id)).toBe(false);
  });

  it("pages the list", async () => {
    const page = await people.citizen.get("users/bots/access?page=1&per_page=1");
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta.per_page).toBe(1);
    expect(page.json().meta.total).toBeGreaterThan(1);
  });
});

describe("reminders over the bot channel", () => {
  it("reach the active chats through the loopback, and skip while every chat is off", async () => {
    const citizen = people.citizen2;
    const url = await linkUrl(citizen, "TG");
    expect((await telegramWebhook(`/start ${telegramToken(url)}`, 8001)).json().data.handled).toBe(true);
    const saved = await citizen.call("PUT", "users/own/reminders", {
      channels: ["bot"],
      leads: ["24h"],
      kinds: ["prenotazioni"],
    });
    expect(saved.statusCode).toBe(200);

    const bookable = await bookableService(people.pharmacyAdmin, "Controllo glicemia");
    const confirmed = async () => {
      const hashid = await bookable.book(citizen);
      expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ startAt: bookings.startAt })
        .from(bookings)
        .where(eq(bookings.id, testIds.decode(hashid) as number));
      return { id: testIds.decode(hashid) as number, start: row?.startAt as Date };
    };
    const noPush = createPushSender({ keys: null, subject: "mailto:x@y.z", retryDelayMs: 0 });

    const first = await confirmed();
    await runReminders(moduleContext(t), noPush, new Date(first.start.getTime() - 24 * 3600_000 + 60_000));
    const texts = (await botMessagesTo("telegram:8001")).map((m) => m.text);
    const reminder = texts.filter((text) => text.includes("Controllo glicemia"));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]).toContain("Non posso venire:");
    const [sent] = await t.database.db.select().from(reminderSends).where(eq(reminderSends.bookingId, first.id));
    expect(sent).toMatchObject({ channel: "bot", status: "sent", reason: null });

    // Every chat switched off: the next reminder finds none active.
    for (const access of (await accessesOf(citizen)).data as Array<{ hashid: string }>) {
      expect((await citizen.call("POST", `users/bots/status/${access.hashid}`, { active: false })).statusCode).toBe(
        200,
      );
    }
    const second = await confirmed();
    await runReminders(moduleContext(t), noPush, new Date(second.start.getTime() - 24 * 3600_000 + 60_000));
    const [skipped] = await t.database.db.select().from(reminderSends).where(eq(reminderSends.bookingId, second.id));
    expect(skipped).toMatchObject({ channel: "bot", status: "skipped", reason: "no_chat" });
    expect((await botMessagesTo("telegram:8001")).filter((m) => m.text.includes("Controllo glicemia"))).toHaveLength(1);
  });
});

describe("reminders to WhatsApp outside the 24-hour window", () => {
  const number = "393339990001";
  const noPush = createPushSender({ keys: null, subject: "mailto:x@y.z", retryDelayMs: 0 });
  /** The app's context with the reminder template configured (WHATSAPP_REMINDER_TEMPLATE). */
  const withTemplate = (): ModuleContext => ({
    ...moduleContext(t),
    config: loadConfig({
      NODE_ENV: "test",
      STORAGE_DIR: t.storageDir,
      WHATSAPP_REMINDER_TEMPLATE: "cura_promemoria",
      WHATSAPP_REMINDER_TEMPLATE_LANGUAGE: "it",
    }),
  });
  let giulia: Caller;
  let bookable: Awaited<ReturnType<typeof bookableService>>;
  const confirmed = async () => {
    const hashid = await bookable.book(giulia);
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    const id = testIds.decode(hashid) as number;
    const [row] = await t.database.db.select({ startAt: bookings.startAt }).from(bookings).where(eq(bookings.id, id));
    const start = row?.startAt as Date;
    // The job's clock: one minute into the booking's 24 h reminder.
    return { id, clock: new Date(start.getTime() - 24 * 3600_000 + 60_000) };
  };
  const sendOf = async (bookingId: number) =>
    (await t.database.db.select().from(reminderSends).where(eq(reminderSends.bookingId, bookingId)))[0];
  const lastInbound = async () =>
    (
      await t.database.db
        .select({ at: botAccesses.lastInboundAt })
        .from(botAccesses)
        .where(and(eq(botAccesses.messenger, "WP"), eq(botAccesses.chatId, number)))
    )[0]?.at;

  beforeAll(async () => {
    giulia = caller(t, await t.login(accounts.citizen3));
    bookable = await bookableService(people.pharmacyAdmin, "Consulenza dermocosmetica");
    // She links WhatsApp now (real time): days before the job's clocks below.
    const linked = await whatsappWebhook(whatsappText(await linkUrl(giulia, "WP")), number);
    expect(linked.json().data).toEqual({ handled: true });
    const saved = await giulia.call("PUT", "users/own/reminders", {
      channels: ["bot"],
      leads: ["24h"],
      kinds: ["prenotazioni"],
    });
    expect(saved.statusCode).toBe(200);
  });

  it("are skipped with the reason, not failed, when no template is configured", async () => {
    const booking = await confirmed();
    await runReminders(moduleContext(t), noPush, booking.clock);
    expect(await sendOf(booking.id)).toMatchObject({ channel: "bot", status: "skipped", reason: "whatsapp_window" });
    // Nothing but the linking answer reached the number.
    expect((await botMessagesTo(`whatsapp:${number}`)).map((m) => m.text)).toEqual([BOT_MESSAGES.linked]);
  });

  it("go as the template with the reminder's parameters, which the dev outbox shows", async () => {
    const booking = await confirmed();
    await runReminders(withTemplate(), noPush, booking.clock);
    expect(await sendOf(booking.id)).toMatchObject({ status: "sent", reason: null });
    const [message, ...more] = (await botMessagesTo(`whatsapp:${number}`)).filter((m) => m.subject !== null);
    expect(more).toEqual([]);
    expect(message?.subject).toBe("Modello WhatsApp cura_promemoria (it)");
    const lines = (message?.text ?? "").split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe("{{1}} Consulenza dermocosmetica");
    expect(lines[1]).toBe("{{2}} Farmacia San Marco");
    expect(lines[2]).toMatch(/^\{\{3\}\} \S+ \d{1,2} \S+ \d{4}/);
    // Both answers' signed links, on the one line a template parameter may hold.
    expect(lines[3]).toMatch(
      /^\{\{4\}\} Confermo: \S+\/promemoria\/\d+\.c\.\S+ · Non posso venire: \S+\/promemoria\/\d+\.a\.\S+$/,
    );
  });

  it("go as free text once the number wrote within the last 24 hours", async () => {
    const booking = await confirmed();
    // She writes to the bot an hour before the job runs (the service on that clock, as the webhook
    // would be on the day); a message that is not a linking token is not "handled" but counts.
    const wroteAt = new Date(booking.clock.getTime() - 3600_000);
    const handled = await whatsappNotification(
      moduleContext(t),
      {
        entry: [
          {
            changes: [
              {
                value: {
                  messages: [
                    {
                      from: number,
                      timestamp: String(wroteAt.getTime() / 1000),
                      type: "text",
                      text: { body: "grazie" },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      t.app.log,
      new Date(wroteAt.getTime() + 5_000),
    );
    expect(handled).toBe(false);
    expect(await lastInbound()).toEqual(wroteAt);

    await runReminders(withTemplate(), noPush, booking.clock);
    expect(await sendOf(booking.id)).toMatchObject({ status: "sent" });
    const texts = (await botMessagesTo(`whatsapp:${number}`)).filter((m) => m.subject === null).map((m) => m.text);
    const reminder = texts.filter((text) => text.includes("Consulenza dermocosmetica"));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]).toContain("Non posso venire:");
  });

  it("keep the latest time a number wrote: an older or a future-dated message does not move it", async () => {
    // She last wrote two hours ago.
    const before = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * 3600_000);
    await t.database.db
      .update(botAccesses)
      .set({ lastInboundAt: before })
      .where(and(eq(botAccesses.messenger, "WP"), eq(botAccesses.chatId, number)));
    const message = (timestamp: number) =>
      JSON.stringify({
        entry: [
          {
            changes: [{ value: { messages: [{ from: number, timestamp: String(timestamp), text: { body: "ok" } }] } }],
          },
        ],
      });
    const post = (raw: string) =>
      t.request({
        method: "POST",
        url: "/api/v1/bots/whatsapp/webhook",
        headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw) },
        payload: raw,
      });
    // Retried days late: older than what is known.
    expect((await post(message(Math.floor(Date.now() / 1000) - 3 * 24 * 3600))).statusCode).toBe(200);
    expect(await lastInbound()).toEqual(before);
    // A sender's clock ahead by a year counts as now, not as a window open for a year.
    const sent = Date.now();
    expect((await post(message(Math.floor(sent / 1000) + 365 * 24 * 3600))).statusCode).toBe(200);
    const after = (await lastInbound()) as Date;
    expect(after.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.getTime()).toBeGreaterThanOrEqual(sent - 1000);
  });
});

describe("the messengers", () => {
  it("are not available in production without their keys", () => {
    const production = loadConfig({
      NODE_ENV: "production",
      APP_SECRET: "x".repeat(32),
      FILES_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
    });
    expect(production.bots).toEqual({ telegram: null, whatsapp: null });
    expect(createMessengers(production.bots, null)).toEqual({ TG: null, WP: null });
    expect(() => loadConfig({ NODE_ENV: "test", TELEGRAM_BOT_TOKEN: "1".repeat(30) })).toThrow(/go together/);
  });

  it("call the Bot API and the Cloud API over HTTP when configured", async () => {
    const received: Array<{ url: string; authorization?: string; body: unknown }> = [];
    const server = createServer(async (request: IncomingMessage, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      received.push({ url: request.url ?? "", authorization: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const live = loadConfig({
        NODE_ENV: "test",
        TELEGRAM_BOT_TOKEN: "123456:telegram-test-token",
        TELEGRAM_BOT_USERNAME: "cura_test_bot",
        TELEGRAM_WEBHOOK_SECRET: "telegram-webhook-secret",
        TELEGRAM_API_URL: base,
        WHATSAPP_TOKEN: "whatsapp-test-access-token",
        WHATSAPP_PHONE_NUMBER_ID: "1098765",
        WHATSAPP_NUMBER: "390612345678",
        WHATSAPP_APP_SECRET: "whatsapp-app-secret-x",
        WHATSAPP_VERIFY_TOKEN: "whatsapp-verify-token",
        WHATSAPP_API_URL: `${base}/v21.0`,
        WHATSAPP_REMINDER_TEMPLATE: "cura_promemoria",
        WHATSAPP_REMINDER_TEMPLATE_LANGUAGE: "it",
      });
      const messengers = createMessengers(live.bots, null);
      await messengers.TG?.send("42", "ciao");
      await messengers.WP?.send("393331112222", "salve");
      await messengers.WP?.sendTemplate?.("393331112222", [
        "Visita",
        "Studio Rossi",
        "lunedì 1 dicembre",
        "Confermo: x",
      ]);
      expect(received).toEqual([
        { url: "/bot123456:telegram-test-token/sendMessage", body: { chat_id: "42", text: "ciao" } },
        {
          url: "/v21.0/1098765/messages",
          authorization: "Bearer whatsapp-test-access-token",
          body: { messaging_product: "whatsapp", to: "393331112222", type: "text", text: { body: "salve" } },
        },
        {
          url: "/v21.0/1098765/messages",
          authorization: "Bearer whatsapp-test-access-token",
          body: {
            messaging_product: "whatsapp",
            to: "393331112222",
            type: "template",
            template: {
              name: "cura_promemoria",
              language: { code: "it" },
              components: [
                {
                  type: "body",
                  parameters: ["Visita", "Studio Rossi", "lunedì 1 dicembre", "Confermo: x"].map((text) => ({
                    type: "text",
                    text,
                  })),
                },
              ],
            },
          },
        },
      ]);
      // Without the template key there is no template to send: such reminders are skipped.
      const { WHATSAPP_REMINDER_TEMPLATE: _, ...withoutTemplate } = {
        WHATSAPP_REMINDER_TEMPLATE: "x",
        NODE_ENV: "test",
        WHATSAPP_TOKEN: "whatsapp-test-access-token",
        WHATSAPP_PHONE_NUMBER_ID: "1098765",
        WHATSAPP_NUMBER: "390612345678",
        WHATSAPP_APP_SECRET: "whatsapp-app-secret-x",
        WHATSAPP_VERIFY_TOKEN: "whatsapp-verify-token",
      };
      expect(createMessengers(loadConfig(withoutTemplate).bots, null).WP?.sendTemplate).toBeUndefined();
      expect(messengers.TG?.deepLink("abc")).toBe("https://t.me/cura_test_bot?start=abc");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("demo data", () => {
  it("links Telegram for Giuseppe Bianchi with the bot among his reminder channels, once", async () => {
    const giuseppe = testIds.decode((await people.citizen2.get("users/fresh/me")).json().data.hashid) as number;
    // This file's tests changed his chats and choices: the seed starts from the demo world's state.
    await t.database.db.delete(botAccesses).where(eq(botAccesses.userId, giuseppe));
    await t.database.db.delete(reminderPreferences).where(eq(reminderPreferences.userId, giuseppe));
    await seedDemoBots(t.database.db);
    await seedDemoBots(t.database.db);
    const list = await accessesOf(people.citizen2);
    expect(list.data).toEqual([
      expect.objectContaining({ messenger: "TG", bot_username: "cura_dev_bot", active: true }),
    ]);
    const preferences = (await people.citizen2.get("users/own/reminders")).json().data;
    expect(preferences.channels).toEqual(["email", "push", "bot"]);
    const rows = await t.database.db.select().from(botAccesses).where(eq(botAccesses.chatId, DEMO_BOT.chatId));
    expect(rows).toHaveLength(1);
  });
});
