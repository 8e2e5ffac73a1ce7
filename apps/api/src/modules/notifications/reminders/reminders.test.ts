import { REMINDER_DEFAULTS, REMINDER_MESSAGES } from "@cura/domain";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { outboxMessages } from "../../../platform/messaging/tables.ts";
import { createPushSender } from "../../../platform/push/sender.ts";
import { bookings } from "../../bookings/tables.ts";
import { demoCallers } from "../../companies/test-helpers.ts";
import { users } from "../../identity/tables.ts";
import { reminderSends } from "../tables.ts";
import { type Bookable, bookableService, moduleContext, testIds } from "../test-helpers.ts";
import { reminderToken } from "./links.ts";
import { runReminders } from "./service.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let bookable: Bookable;
const noPush = createPushSender({ keys: null, subject: "mailto:x@y.z", retryDelayMs: 0 });

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  bookable = await bookableService(people.pharmacyAdmin);
});
afterAll(() => t.close());

async function confirmedBooking(): Promise<{ hashid: string; start: Date }> {
  const hashid = await bookable.book(people.citizen);
  expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
  const [row] = await t.database.db
    .select({ startAt: bookings.startAt })
    .from(bookings)
    .where(eq(bookings.id, testIds.decode(hashid) as number));
  return { hashid, start: row?.startAt as Date };
}

const smsAbout = (needle: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, "sms"), like(outboxMessages.text, `%${needle}%`)));

describe("reminder preferences", () => {
  it("answers the defaults, saves a choice, and refuses unknown values", async () => {
    const first = await people.citizen2.get("users/own/reminders");
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(REMINDER_DEFAULTS);
    const saved = await people.citizen2.call("PUT", "users/own/reminders", {
      channels: ["sms", "sms", "email"],
      leads: ["7d", "30m"],
      kinds: ["prenotazioni"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: REMINDER_MESSAGES.saved,
      data: { channels: ["sms", "email"], leads: ["7d", "30m"], kinds: ["prenotazioni"] },
    });
    expect((await people.citizen2.get("users/own/reminders")).json().data.leads).toEqual(["7d", "30m"]);
    const bad = await people.citizen2.call("PUT", "users/own/reminders", { channels: ["fax"], leads: [], kinds: [] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["channels.0"]);
    expect((await people.pharmacyOperator.get("users/own/reminders")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/users/own/reminders" })).statusCode).toBe(401);
  });
});

describe("the reminders job", () => {
  it("sends an SMS at T−24 h once, even with two instances at once and again later", async () => {
    const saved = await people.citizen.call("PUT", "users/own/reminders", {
      channels: ["sms"],
      leads: ["24h"],
      kinds: ["prenotazioni", "teleconsulti"],
    });
    expect(saved.statusCode).toBe(200);
    const { hashid, start } = await confirmedBooking();
    const early = new Date(start.getTime() - 25 * 3600_000);
    await runReminders(moduleContext(t), noPush, early);
    expect(await smsAbout(hashid)).toEqual([]);

    const due = new Date(start.getTime() - 24 * 3600_000 + 60_000);
    const second = moduleContext(t);
    await Promise.all([runReminders(moduleContext(t), noPush, due), runReminders(second, noPush, due)]);
    await runReminders(moduleContext(t), noPush, new Date(due.getTime() + 10 * 60_000));
    const sms = await smsAbout("Promemoria");
    const mine = sms.filter((m) => m.text.includes("Misurazione pressione"));
    const rows = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(hashid) as number));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lead: "24h", channel: "sms", status: "sent" });
    expect(mine.filter((m) => m.text.includes(`/promemoria/${rows[0]?.id}.`))).toHaveLength(1);
  });

  it("skips a booking made after its reminder's time had passed, and bookings not confirmed", async () => {
    const hashid = await bookable.book(people.citizen);
    const [row] = await t.database.db
      .select({ startAt: bookings.startAt })
      .from(bookings)
      .where(eq(bookings.id, testIds.decode(hashid) as number));
    const start = row?.startAt as Date;
    await runReminders(moduleContext(t), noPush, new Date(start.getTime() - 24 * 3600_000 + 60_000));
    const sends = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(hashid) as number));
    expect(sends).toEqual([]);

    // Confirmed, but the job first sees it 22 h before its start: the 24 h reminder's grace (an hour)
    // is over, so it is not sent late (the citizen chose only the 24 h lead).
    const late = await confirmedBooking();
    await runReminders(moduleContext(t), noPush, new Date(late.start.getTime() - 22 * 3600_000));
    const lateSends = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(late.hashid) as number));
    expect(lateSends).toEqual([]);
  });

  it("'Non posso venire' cancels the booking with reason 2, once; 'Confermo' of another is recorded once", async () => {
    const { hashid, start } = await confirmedBooking();
    await runReminders(moduleContext(t), noPush, new Date(start.getTime() - 24 * 3600_000 + 1000));
    const [send] = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(hashid) as number));
    const [message] = (await smsAbout(`/promemoria/${send?.id}.`)) as unknown as [{ text: string }];
    const cancelToken = /Non posso venire: \S+\/promemoria\/(\S+)/.exec(message.text)?.[1] as string;
    const confirmToken = /Confermo: \S+\/promemoria\/(\S+)/.exec(message.text)?.[1] as string;

    // A forged link: another answer under the same signature.
    const forged = cancelToken.replace(".a.", ".c.");
    expect(
      (await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: forged } })).statusCode,
    ).toBe(404);

    const cancelled = await t.request({
      method: "POST",
      url: "/api/v1/reminders/respond",
      body: { token: cancelToken },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      message: REMINDER_MESSAGES.cancelled,
      data: { response: "annullo", booking: hashid },
    });
    const detail = await people.citizen.get(`reservations/details/all/${hashid}`);
    expect(detail.json().data.status).toBe("annullato");
    const again = await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: cancelToken } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REMINDER_MESSAGES.invalidLink);
    expect(
      (await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: confirmToken } })).statusCode,
    ).toBe(404);
    // The company was told of the cancellation.
    const notices = (await people.pharmacyOperator.get("notifications?per_page=100")).json().data as Array<{
      link: string | null;
      title: string;
    }>;
    expect(notices.some((n) => n.link?.endsWith(hashid) && /annullat/i.test(n.title))).toBe(true);

    const other = await confirmedBooking();
    await runReminders(moduleContext(t), noPush, new Date(other.start.getTime() - 24 * 3600_000 + 1000));
    const [otherSend] = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(other.hashid) as number));
    const [otherMessage] = (await smsAbout(`/promemoria/${otherSend?.id}.`)) as unknown as [{ text: string }];
    const confirm = /Confermo: \S+\/promemoria\/(\S+)/.exec(otherMessage.text)?.[1] as string;
    const confirmed = await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: confirm } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(REMINDER_MESSAGES.confirmed);
    expect((await people.citizen.get(`reservations/details/all/${other.hashid}`)).json().data.status).toBe(
      "confermato",
    );
    expect(
      (await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: confirm } })).statusCode,
    ).toBe(404);

    // Cancelled from the booking page after the reminder left: its 'Confermo' confirms nothing.
    const third = await confirmedBooking();
    await runReminders(moduleContext(t), noPush, new Date(third.start.getTime() - 24 * 3600_000 + 1000));
    const [thirdSend] = await t.database.db
      .select()
      .from(reminderSends)
      .where(eq(reminderSends.bookingId, testIds.decode(third.hashid) as number));
    const [thirdMessage] = (await smsAbout(`/promemoria/${thirdSend?.id}.`)) as unknown as [{ text: string }];
    const lateConfirm = /Confermo: \S+\/promemoria\/(\S+)/.exec(thirdMessage.text)?.[1] as string;
    const cancelledByHand = await people.citizen.call("POST", `reservations/own/cancel/${third.hashid}`, {
      reason: 1,
    });
    expect(cancelledByHand.statusCode, cancelledByHand.body).toBe(200);
    const stale = await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: lateConfirm } });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(REMINDER_MESSAGES.invalidLink);
  });

  it("refuses a malformed token with 422 and an unknown one with 404", async () => {
    expect(
      (await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: "x" } })).statusCode,
    ).toBe(422);
    const unknown = await t.request({
      method: "POST",
      url: "/api/v1/reminders/respond",
      body: { token: "999999.a.AAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a link turned into the other answer, and sends no SMS to a citizen without the notification consent", async () => {
    const citizenId = testIds.decode((await people.citizen.get("users/fresh/me")).json().data.hashid) as number;
    await t.database.db.update(users).set({ notificationConsense: false }).where(eq(users.id, citizenId));
    try {
      const { hashid, start } = await confirmedBooking();
      await runReminders(moduleContext(t), noPush, new Date(start.getTime() - 24 * 3600_000 + 1000));
      const [send] = await t.database.db
        .select()
        .from(reminderSends)
        .where(eq(reminderSends.bookingId, testIds.decode(hashid) as number));
      expect(send).toMatchObject({ channel: "sms", status: "skipped", reason: "no_consent" });
      expect(await smsAbout(`/promemoria/${send?.id}.`)).toEqual([]);
      // A signed "Confermo" whose letter is changed to "annullo" cancels nothing.
      const confirm = reminderToken(moduleContext(t).config.appSecret, send?.id as number, "confermo");
      const forged = confirm.replace(".c.", ".a.");
      const response = await t.request({ method: "POST", url: "/api/v1/reminders/respond", body: { token: forged } });
      expect(response.statusCode).toBe(404);
      const [booking] = await t.database.db
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, testIds.decode(hashid) as number));
      expect(booking?.status).toBe("confermato");
    } finally {
      await t.database.db.update(users).set({ notificationConsense: true }).where(eq(users.id, citizenId));
    }
  });
});
