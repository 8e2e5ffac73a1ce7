import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { outboxMessages } from "../../../platform/messaging/tables.ts";
import { createPushSender } from "../../../platform/push/sender.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
import { demoCallers } from "../../companies/test-helpers.ts";
import { agendaReminderSends } from "../tables.ts";
import { moduleContext, testIds } from "../test-helpers.ts";
import { runReminders } from "./service.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const noPush = createPushSender({ keys: null, subject: "mailto:x@y.z", retryDelayMs: 0 });
const HOUR = 3600_000;
const inDays = (days: number) => addDays(zonedDate(Date.now(), "Europe/Rome"), days);

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  // Only events, only the 24 h lead, by e-mail and SMS: what each test expects to see.
  const saved = await people.citizen.call("PUT", "users/own/reminders", {
    channels: ["email", "sms"],
    leads: ["24h"],
    kinds: ["eventi"],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

async function createEvent(name: string, date: string, time: string): Promise<{ hashid: string; start: Date }> {
  const response = await people.citizen.call("POST", "users/own/agendaevents", {
    name,
    place: "Via Roma 1, Torino",
    date,
    time,
  });
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { hashid: string; start: string };
  return { hashid: data.hashid, start: new Date(data.start) };
}

const messagesAbout = (name: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.text, `%${name}%`));

const run = (at: Date) => runReminders(moduleContext(t), noPush, at);

describe("reminders of the citizen's own agenda events", () => {
  it("sends an informational reminder at T−24 h by e-mail and SMS once, with two instances at once and a later run", async () => {
    const name = "Riunione associazione diabetici";
    const { hashid, start } = await createEvent(name, inDays(10), "10:30");
    await run(new Date(start.getTime() - 25 * HOUR));
    expect(await messagesAbout(name)).toEqual([]);

    const due = new Date(start.getTime() - 24 * HOUR + 60_000);
    await Promise.all([run(due), runReminders(moduleContext(t), noPush, due)]);
    await run(new Date(due.getTime() + 10 * 60_000));

    const messages = await messagesAbout(name);
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    const mail = messages.find((m) => m.channel === "email");
    expect(mail?.subject).toBe(`Cura: promemoria evento ${name}`);
    expect(mail?.text).toContain("Via Roma 1, Torino");
    expect(mail?.text).toContain("10:30");
    expect(mail?.text).toContain("/cittadino/agenda");
    // The person's own event: nothing to confirm or to cancel.
    for (const message of messages) {
      expect(message.text).not.toMatch(/Confermo|Non posso venire|\/promemoria\//);
    }
    const rows = await t.database.db
      .select()
      .from(agendaReminderSends)
      .where(eq(agendaReminderSends.eventId, testIds.decode(hashid) as number));
    expect(rows.map((r) => [r.channel, r.lead, r.status]).sort()).toEqual([
      ["email", "24h", "sent"],
      ["sms", "24h", "sent"],
    ]);
  });

  it("does not remind a moved event at its old time, and reminds it once at its new one", async () => {
    const name = "Incontro gruppo cammino";
    const { hashid, start } = await createEvent(name, inDays(12), "09:00");
    const moved = await people.citizen.call("PUT", `users/own/agendaevents/${hashid}`, {
      name,
      place: "Via Roma 1, Torino",
      date: inDays(14),
      time: "09:00",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newStart = new Date(moved.json().data.start as string);
    expect(newStart.getTime()).toBeGreaterThan(start.getTime());

    await run(new Date(start.getTime() - 24 * HOUR + 60_000));
    expect(await messagesAbout(name)).toEqual([]);

    await run(new Date(newStart.getTime() - 24 * HOUR + 60_000));
    await run(new Date(newStart.getTime() - 24 * HOUR + 5 * 60_000));
    const messages = await messagesAbout(name);
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(messages.every((m) => !m.text.includes("10:30"))).toBe(true);
  });

  it("reminds again an event moved after its reminder went out, and never a deleted one", async () => {
    const name = "Corso di primo soccorso";
    const { hashid, start } = await createEvent(name, inDays(16), "18:00");
    await run(new Date(start.getTime() - 24 * HOUR + 60_000));
    expect(await messagesAbout(name)).toHaveLength(2);
    const moved = await people.citizen.call("PUT", `users/own/agendaevents/${hashid}`, {
      name,
      place: "Via Roma 1, Torino",
      date: inDays(16),
      time: "20:00",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newStart = new Date(moved.json().data.start as string);
    await run(new Date(newStart.getTime() - 24 * HOUR + 60_000));
    const after = await messagesAbout(name);
    expect(after).toHaveLength(4);
    expect(after.filter((m) => m.text.includes("20:00"))).toHaveLength(2);

    const gone = "Cena di beneficenza";
    const deleted = await createEvent(gone, inDays(18), "20:00");
    expect((await people.citizen.call("DELETE", `users/own/agendaevents/${deleted.hashid}`)).statusCode).toBe(200);
    await run(new Date(deleted.start.getTime() - 24 * HOUR + 60_000));
    expect(await messagesAbout(gone)).toEqual([]);
  });

  it("sends nothing for events when the citizen has not chosen them", async () => {
    const name = "Assemblea di quartiere";
    const { start } = await createEvent(name, inDays(20), "17:00");
    const saved = await people.citizen.call("PUT", "users/own/reminders", {
      channels: ["email", "sms"],
      leads: ["24h"],
      kinds: ["prenotazioni", "teleconsulti"],
    });
    expect(saved.statusCode).toBe(200);
    await run(new Date(start.getTime() - 24 * HOUR + 60_000));
    expect(await messagesAbout(name)).toEqual([]);
  });
});
