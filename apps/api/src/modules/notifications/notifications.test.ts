import { NOTIFICATION_MESSAGES } from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { countStatements } from "../../../test/statements.ts";
import { outboxMessages } from "../../platform/messaging/tables.ts";
import { bookings } from "../bookings/tables.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { dispatchNotificationEmails, KICK_DELAY_MS, NOTIFICATION_EMAILS_JOB } from "./dispatcher.ts";
import { notifyUser } from "./service.ts";
import { notifications } from "./tables.ts";
import { type Bookable, bookableService, moduleContext, testIds } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let bookable: Bookable;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  bookable = await bookableService(people.pharmacyAdmin);
});
afterAll(() => t.close());

interface Listed {
  hashid: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
}

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (row as { id: number }).id;
}

/** The caller's notifications about one booking, newest first. */
async function about(c: Caller, booking: string): Promise<Listed[]> {
  const response = await c.get("notifications?per_page=100");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Listed[]).filter((n) => n.link?.endsWith(`/${booking}`));
}

describe("booking changes notify the other party", () => {
  it("tells the company's operators of a new booking, not the citizen who made it", async () => {
    const booking = await bookable.book(people.citizen, "Ho la ricetta");
    for (const operator of [people.pharmacyAdmin, people.pharmacyOperator]) {
      const [notice, ...rest] = await about(operator, booking);
      expect(rest).toEqual([]);
      expect(notice).toMatchObject({
        kind: "booking",
        title: "Nuova prenotazione",
        link: `/operatore/prenotazioni/dettaglio/${booking}`,
        read: false,
      });
      expect(notice?.body).toContain("Maria Rossi ha inviato la prenotazione di Misurazione pressione per ");
    }
    expect(await about(people.citizen, booking)).toEqual([]);
    // Another company's operators hear nothing.
    expect(await about(people.roomAdmin, booking)).toEqual([]);
  });

  it("tells the citizen of each change the company makes, and the company of each the citizen makes", async () => {
    const booking = await bookable.book(people.citizen);
    const titles = async (c: Caller) => (await about(c, booking)).map((n) => n.title);

    expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${booking}`)).statusCode).toBe(200);
    const start = bookable.nextSlot();
    const proposed = await people.pharmacyOperator.call("PUT", `reservations/date/change/${booking}`, { start });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const notes = await people.pharmacyOperator.call("PATCH", `reservations/notes/${booking}`, { notes: "Digiuno" });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(await titles(people.citizen)).toEqual(["Note aggiornate", "Nuova data proposta", "Prenotazione confermata"]);
    const [, proposal, confirmed] = await about(people.citizen, booking);
    expect(confirmed?.body).toMatch(/^Farmacia San Marco ha confermato la prenotazione di Misurazione pressione per /);
    expect(confirmed?.link).toBe(`/cittadino/appuntamenti/dettaglio/${booking}`);
    expect(proposal?.body).toContain("Accetta o rifiuta la proposta.");

    expect((await people.citizen.get(`reservations/user/confirm/${booking}`)).statusCode).toBe(200);
    const cancelled = await people.citizen.call("POST", `reservations/own/cancel/${booking}`, { reason: 2 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const operator of [people.pharmacyAdmin, people.pharmacyOperator]) {
      // Operators are not told of their colleagues' changes, only of the citizen's.
      expect(await titles(operator)).toEqual(["Prenotazione annullata", "Proposta accettata", "Nuova prenotazione"]);
    }
    const [cancel] = await about(people.pharmacyAdmin, booking);
    expect(cancel?.body).toContain("Non posso mantenere l'impegno");
  });

  it("tells of refusals with their reason, of rejected proposals and of closings", async () => {
    const refusedBooking = await bookable.book(people.citizen);
    const refused = await people.pharmacyAdmin.call("POST", `reservations/company/reject/${refusedBooking}`, {
      reason: 2,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const [refusal] = await about(people.citizen, refusedBooking);
    expect(refusal).toMatchObject({ title: "Prenotazione rifiutata" });
    expect(refusal?.body).toContain("Problemi di approvvigionamento");

    const rejectedBooking = await bookable.book(people.citizen);
    const start = bookable.nextSlot();
    await people.pharmacyAdmin.call("PUT", `reservations/date/change/${rejectedBooking}`, { start });
    expect((await people.citizen.call("POST", `reservations/user/reject/${rejectedBooking}`)).statusCode).toBe(200);
    expect((await about(people.pharmacyAdmin, rejectedBooking))[0]?.title).toBe("Proposta rifiutata");

    const closedBooking = await bookable.book(people.citizen);
    await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${closedBooking}`);
    // A booking is closed once its time has come: an hour ago.
    await t.database.db
      .update(bookings)
      .set({ startAt: new Date(Date.now() - 3_600_000), endAt: new Date(Date.now() - 1_800_000) })
      .where(eq(bookings.id, testIds.decode(closedBooking) ?? -1));
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/close/${closedBooking}`)).statusCode).toBe(
      200,
    );
    expect((await about(people.citizen, closedBooking))[0]?.title).toBe("Prenotazione evasa");
  });

  it("notifies nobody when the change is refused (the transaction rolls back)", async () => {
    const booking = await bookable.book(people.citizen);
    const before = (await about(people.citizen, booking)).length;
    // A received booking cannot be closed: 409, and no trace.
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/close/${booking}`)).statusCode).toBe(409);
    expect(await about(people.citizen, booking)).toHaveLength(before);
  });
});

describe("e-mails of notifications", () => {
  it("are sent after the change by the dispatcher, once each, even with two dispatchers at once", async () => {
    const booking = await bookable.book(people.citizen2);
    const bookingId = testIds.decode(booking) as number;
    const rows = () => t.database.db.select().from(notifications).where(eq(notifications.bookingId, bookingId));
    const ctx = moduleContext(t);
    // The scheduled job of this instance and the dispatcher of another, at the same moment.
    await Promise.all([t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB), dispatchNotificationEmails(ctx)]);
    const sent = await rows();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((row) => row.emailStatus === "sent")).toBe(true);
    for (const email of [accounts.pharmacyAdmin, accounts.pharmacyOperator]) {
      const mails = await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, "Cura: Nuova prenotazione")));
      const forThis = mails.filter((m) => m.text.includes(`/operatore/prenotazioni/dettaglio/${booking}`));
      expect(forThis).toHaveLength(1);
      expect(forThis[0]?.text).toContain("Giuseppe Bianchi ha inviato la prenotazione di Misurazione pressione");
    }
    // Nothing is left to send.
    expect(await dispatchNotificationEmails(ctx)).toBe(0);
  });

  it("are each sent once when several dispatchers drain a long queue together", async () => {
    const maria = await userId(accounts.citizen);
    for (let i = 0; i < 60; i++) {
      await notifyUser(t.database.db, {
        userId: maria,
        audience: "citizen",
        title: `Avviso ${i}`,
        body: "Coda",
        email: true,
      });
    }
    const others = [moduleContext(t), moduleContext(t)];
    await Promise.all([
      t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB),
      ...others.map(async (ctx) => {
        while ((await dispatchNotificationEmails(ctx)) > 0) {}
      }),
    ]);
    const mails = await t.database.db
      .select({ subject: outboxMessages.subject })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, accounts.citizen));
    const queued = mails.map((m) => m.subject).filter((subject) => subject?.startsWith("Cura: Avviso "));
    expect(queued).toHaveLength(60);
    expect(new Set(queued).size).toBe(60);
  });

  it("read the batch's addresses once, not the whole account once per e-mail", async () => {
    // The earlier tests' notifications kicked this instance's dispatcher: its timer fires (our timer,
    // set later and longer, fires after it) and the run it started finishes, so none claims the rows below.
    await new Promise((resolve) => setTimeout(resolve, KICK_DELAY_MS + 50));
    await t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB);
    const people = await Promise.all([accounts.citizen, accounts.citizen2, accounts.pharmacyAdmin].map(userId));
    const declined = await userId(accounts.pharmacyOperator);
    await t.database.db.update(users).set({ notificationConsense: false }).where(eq(users.id, declined));
    // Rows written directly: no kick, so this instance's own dispatcher leaves them to the call below.
    const inserted = await t.database.db
      .insert(notifications)
      .values(
        [...people, ...people, declined, declined].map((id, i) => ({
          userId: id,
          kind: "general" as const,
          audience: "citizen" as const,
          title: `Lotto ${i}`,
          body: "Lotto",
          emailStatus: "pending" as const,
        })),
      )
      .returning({ id: notifications.id });
    const statements = countStatements(t.database);
    expect(await statements.only(() => dispatchNotificationEmails(moduleContext(t)))).toBe(8);
    const sent = statements.statements.filter((text) => !/^\s*(begin|commit)\b/i.test(text));
    // The claim, the addresses, the two declined closed together; then per e-mail its send (the
    // development outbox) and its outcome.
    expect(sent, sent.join("\n")).toHaveLength(3 + 6 * 2);
    const rows = await t.database.db
      .select({ userId: notifications.userId, status: notifications.emailStatus })
      .from(notifications)
      .where(
        inArray(
          notifications.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(rows.filter((row) => row.status === "skipped").map((row) => row.userId)).toEqual([declined, declined]);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(6);
    await t.database.db.update(users).set({ notificationConsense: true }).where(eq(users.id, declined));
  });

  it("are sent without being asked, shortly after the change commits", async () => {
    const booking = await bookable.book(people.citizen);
    expect((await people.pharmacyAdmin.call("POST", `reservations/company/confirm/${booking}`)).statusCode).toBe(200);
    const link = `/cittadino/appuntamenti/dettaglio/${booking}`;
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const mails = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, accounts.citizen));
      found = mails.some((m) => m.subject === "Cura: Prenotazione confermata" && m.text.includes(link));
    }
    expect(found).toBe(true);
  });

  it("are skipped for someone who declined notifications, who still sees them in the app", async () => {
    const giulia = await userId(accounts.citizen3);
    await t.database.db.update(users).set({ notificationConsense: false }).where(eq(users.id, giulia));
    await notifyUser(t.database.db, {
      userId: giulia,
      audience: "citizen",
      title: "Promemoria",
      body: "Un avviso",
      email: true,
    });
    await t.app.jobs.runNow(NOTIFICATION_EMAILS_JOB);
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.userId, giulia));
    expect(row?.emailStatus).toBe("skipped");
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, "Cura: Promemoria"));
    expect(mails).toEqual([]);
    await t.database.db.update(users).set({ notificationConsense: true }).where(eq(users.id, giulia));
  });
});

describe("GET notifications and POST notifications/read", () => {
  it("pages one's own notifications with the unread count, and marks listed ones or all read", async () => {
    const caller = await t.login(accounts.citizen3);
    const giulia = await userId(accounts.citizen3);
    for (const title of ["Uno", "Due", "Tre"]) {
      await notifyUser(t.database.db, { userId: giulia, audience: "citizen", title, body: "Testo" });
    }
    const get = (path: string) => t.request({ method: "GET", url: `/api/v1/${path}`, token: caller });
    const read = (body: unknown) =>
      t.request({ method: "POST", url: "/api/v1/notifications/read", token: caller, body });

    const page = await get("notifications?per_page=2");
    expect(page.statusCode, page.body).toBe(200);
    const unread = page.json().meta.unread as number;
    expect(page.json().data.map((n: Listed) => n.title)).toEqual(["Tre", "Due"]);
    expect(page.json().meta).toMatchObject({ page: 1, per_page: 2 });
    expect(unread).toBeGreaterThanOrEqual(3);
    expect(page.json().data[0]).toMatchObject({ kind: "general", link: null, read: false, read_at: null });

    const [tre] = page.json().data as Listed[];
    // Someone else's id is ignored, as if it were already read.
    const theirs = (await people.citizen.get("notifications?per_page=1")).json().data[0]?.hashid as string;
    const some = await read({ ids: [tre?.hashid, theirs] });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json().data).toEqual({ updated: 1, unread: unread - 1 });
    expect((await people.citizen.get("notifications?per_page=1")).json().data[0]?.read).toBe(false);
    const onlyUnread = (await get("notifications?unread=true&per_page=100")).json();
    expect(onlyUnread.data.map((n: Listed) => n.title)).not.toContain("Tre");
    expect(onlyUnread.meta.total).toBe(unread - 1);

    const all = await read({ all: true });
    expect(all.json().data).toEqual({ updated: unread - 1, unread: 0 });
    expect((await get("notifications")).json().meta.unread).toBe(0);
    expect((await read({ all: true })).json().data.updated).toBe(0);
  });

  it("refuses anonymous callers and bad input", async () => {
    expect((await t.request({ method: "GET", url: "/api/v1/notifications" })).statusCode).toBe(401);
    const anonymous = await t.request({ method: "POST", url: "/api/v1/notifications/read", body: { all: true } });
    expect(anonymous.statusCode).toBe(401);
    const empty = await people.citizen.call("POST", "notifications/read", {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual([NOTIFICATION_MESSAGES.readTargetRequired]);
    const none = await people.citizen.call("POST", "notifications/read", { ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.ids).toEqual([NOTIFICATION_MESSAGES.readTargetRequired]);
    expect((await people.citizen.call("POST", "notifications/read", { ids: ["no-way!"] })).statusCode).toBe(422);
    expect((await people.citizen.call("POST", "notifications/read", { all: false })).statusCode).toBe(422);
    expect((await people.citizen.get("notifications?per_page=1000")).statusCode).toBe(422);
  });

  it("is open to every kind of user, each seeing their own", async () => {
    const admin = await people.admin.get("notifications");
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toEqual([]);
  });
});

describe("popup notifications", () => {
  it("lists one's unseen popups, oldest first, and marks one seen", async () => {
    const maria = await userId(accounts.citizen);
    await notifyUser(t.database.db, {
      userId: maria,
      audience: "citizen",
      title: "Teleconsulto disponibile",
      body: "Un medico ti aspetta",
      popup: { action: "rapido", variant: "success" },
    });
    await notifyUser(t.database.db, {
      userId: maria,
      audience: "citizen",
      title: "Avviso",
      body: "Manutenzione stasera",
      popup: { action: null, variant: "warning" },
    });
    const unseen = await people.citizen.get("popupnotifications?unseen=true");
    expect(unseen.statusCode, unseen.body).toBe(200);
    expect(unseen.json().data).toEqual([
      expect.objectContaining({ title: "Teleconsulto disponibile", action: "rapido", variant: "success", seen: false }),
      expect.objectContaining({ title: "Avviso", action: null, variant: "warning", seen: false }),
    ]);
    const first = unseen.json().data[0].hashid as string;

    // Not someone else's.
    expect((await people.citizen2.call("PATCH", `popupnotifications/${first}/seen`)).statusCode).toBe(404);
    const seen = await people.citizen.call("PATCH", `popupnotifications/${first}/seen`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ hashid: first, seen: true });
    const after = (await people.citizen.get("popupnotifications?unseen=true")).json().data;
    expect(after.map((p: { title: string }) => p.title)).toEqual(["Avviso"]);
    // Without the filter, the seen one is still listed; it also counts as read in the centre.
    const every = (await people.citizen.get("popupnotifications")).json().data;
    expect(every.map((p: { seen: boolean }) => p.seen)).toEqual([true, false]);
    const centre = (await people.citizen.get("notifications?per_page=100")).json().data as Listed[];
    expect(centre.find((n) => n.hashid === first)).toMatchObject({ kind: "popup", read: true });
    // Marking it seen again changes nothing.
    expect((await people.citizen.call("PATCH", `popupnotifications/${first}/seen`)).statusCode).toBe(200);
  });

  it("answers 404 for what is not one's popup and 401 without a session", async () => {
    const booking = await bookable.book(people.citizen);
    const [plain] = await about(people.pharmacyAdmin, booking);
    expect((await people.pharmacyAdmin.call("PATCH", `popupnotifications/${plain?.hashid}/seen`)).statusCode).toBe(404);
    expect((await people.citizen.call("PATCH", "popupnotifications/zzzzzzzz/seen")).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/v1/popupnotifications?unseen=true" })).statusCode).toBe(401);
    const anonymous = await t.request({ method: "PATCH", url: `/api/v1/popupnotifications/${plain?.hashid}/seen` });
    expect(anonymous.statusCode).toBe(401);
    expect((await people.citizen.get("popupnotifications?unseen=forse")).statusCode).toBe(422);
  });
});

describe("the notifications table", () => {
  it("keeps no e-mail pending for in-app-only notifications", async () => {
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.kind, ["general", "popup"]));
    expect(rows.filter((r) => r.emailStatus === "pending")).toEqual([]);
  });
});
