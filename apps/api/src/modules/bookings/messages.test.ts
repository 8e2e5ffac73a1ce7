import { NOTIFICATION_MESSAGES } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { companyHashid, demoCallers, operatorOf } from "../companies/test-helpers.ts";
import { type Bookable, bookableService, testIds } from "../notifications/test-helpers.ts";
import { bookingEvents } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let bookable: Bookable;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  bookable = await bookableService(people.pharmacyAdmin, "Consulenza nutrizionale");
});
afterAll(() => t.close());

interface Message {
  hashid: string;
  body: string;
  author_kind: string;
  author_name: string;
  mine: boolean;
  read_at: string | null;
}

describe("reservations/message/{id}", () => {
  it("lets the citizen and the company's operators write, read and mark the other side's messages read", async () => {
    const booking = await bookable.book(people.citizen);
    const path = `reservations/message/${booking}`;

    const first = await people.citizen.call("POST", path, { body: "  Posso portare mia figlia?  " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(NOTIFICATION_MESSAGES.messageSent);
    expect(first.json().data).toMatchObject({
      body: "Posso portare mia figlia?",
      author_kind: "citizen",
      author_name: "Maria Rossi",
      mine: true,
      read_at: null,
    });
    const answer = await people.pharmacyOperator.call("POST", path, { body: "Certo, vi aspettiamo." });
    expect(answer.statusCode, answer.body).toBe(201);

    const seenByCitizen = await people.citizen.get(path);
    expect(seenByCitizen.statusCode).toBe(200);
    expect((seenByCitizen.json().data as Message[]).map((m) => [m.author_kind, m.author_name, m.mine, m.body])).toEqual(
      [
        ["citizen", "Maria Rossi", true, "Posso portare mia figlia?"],
        ["operator", "Farmacia San Marco", false, "Certo, vi aspettiamo."],
      ],
    );
    // Any operator of the company sees the conversation as the company's.
    const seenByAdmin = (await people.pharmacyAdmin.get(path)).json().data as Message[];
    expect(seenByAdmin.map((m) => m.mine)).toEqual([false, true]);

    // The company reads the citizen's message: only that one becomes read.
    const read = await people.pharmacyAdmin.call("PATCH", path);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ updated: 1 });
    const after = (await people.citizen.get(path)).json().data as Message[];
    expect(after[0]?.read_at).not.toBeNull();
    expect(after[1]?.read_at).toBeNull();
    // The citizen's "new message" notification is read along with the message.
    const messageNotice = async () =>
      (
        (await people.citizen.get("notifications?per_page=100")).json().data as Array<{
          title: string;
          link: string;
          read: boolean;
        }>
      ).find((n) => n.title === "Nuovo messaggio" && n.link.endsWith(`/${booking}`));
    expect((await messageNotice())?.read).toBe(false);
    expect((await people.citizen.call("PATCH", path)).json().data).toEqual({ updated: 1 });
    expect((await messageNotice())?.read).toBe(true);
    expect((await people.citizen.call("PATCH", path)).json().data).toEqual({ updated: 0 });
  });

  it("notifies the other party and records the message in the history and the audit, without its text", async () => {
    const booking = await bookable.book(people.citizen2);
    const id = testIds.decode(booking) as number;
    const path = `reservations/message/${booking}`;
    expect((await people.citizen2.call("POST", path, { body: "Ho la febbre, posso spostare?" })).statusCode).toBe(201);
    expect((await people.pharmacyAdmin.call("POST", path, { body: "Sì, chiamaci." })).statusCode).toBe(201);

    const link = (area: string) => `/${area}/dettaglio/${booking}`;
    const citizenSide = (await people.citizen2.get("notifications?per_page=100")).json().data as Array<{
      title: string;
      body: string;
      link: string;
    }>;
    const toCitizen = citizenSide.filter((n) => n.link === link("cittadino/appuntamenti"));
    expect(toCitizen.map((n) => n.title)).toEqual(["Nuovo messaggio"]);
    expect(toCitizen[0]?.body).toContain("Farmacia San Marco ti ha scritto un messaggio");
    expect(toCitizen[0]?.body).not.toContain("Sì, chiamaci.");
    // The operator who did not write is told of the citizen's message (and of the booking).
    const operatorSide = (await people.pharmacyOperator.get("notifications?per_page=100")).json().data as Array<{
      title: string;
      link: string;
    }>;
    expect(operatorSide.filter((n) => n.link === link("operatore/prenotazioni")).map((n) => n.title)).toEqual([
      "Nuovo messaggio",
      "Nuova prenotazione",
    ]);

    const events = await t.database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.action, "message")));
    expect(events).toHaveLength(2);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.action, "booking.message")));
    expect(JSON.stringify(audit)).not.toContain("febbre");
  });

  it("answers 404 to anyone who is not a party of the booking", async () => {
    const booking = await bookable.book(people.citizen);
    const path = `reservations/message/${booking}`;
    const other = await operatorOf(t, await companyHashid(people.citizen, "Farmacia Brera"));
    for (const stranger of [people.citizen2, people.roomAdmin, other]) {
      expect((await stranger.call("POST", path, { body: "Ciao" })).statusCode).toBe(404);
      expect((await stranger.get(path)).statusCode).toBe(404);
      expect((await stranger.call("PATCH", path)).statusCode).toBe(404);
    }
    expect((await people.citizen.get("reservations/message/zzzzzzzz")).statusCode).toBe(404);
    expect((await people.citizen.get(path)).json().data).toEqual([]);
  });

  it("refuses administrators (403), anonymous callers (401) and empty or long messages (422)", async () => {
    const booking = await bookable.book(people.citizen);
    const path = `reservations/message/${booking}`;
    expect((await people.admin.get(path)).statusCode).toBe(403);
    expect((await people.admin.call("POST", path, { body: "Ciao" })).statusCode).toBe(403);
    expect((await people.admin.call("PATCH", path)).statusCode).toBe(403);
    for (const method of ["GET", "POST", "PATCH"] as const) {
      expect((await t.request({ method, url: `/api/v1/${path}` })).statusCode).toBe(401);
    }
    const blank = await people.citizen.call("POST", path, { body: "   " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.body).toEqual([NOTIFICATION_MESSAGES.messageRequired]);
    const long = await people.citizen.call("POST", path, { body: "a".repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body).toEqual([NOTIFICATION_MESSAGES.messageTooLong]);
    expect((await people.citizen.call("POST", path, {})).statusCode).toBe(422);
  });
});
