import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { companies } from "../companies/tables.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { bookingEvents, bookings } from "./tables.ts";

/**
 * `GET reservations/history/{id}` as the citizen's detail page reads it (the route and its main
 * tests are in routes-operator.ts and operator.test.ts): who may read it, and how the citizen, an
 * operator and the platform itself (the job runner: no actor) appear.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let hashid: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const db = t.database.db;
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [accounts.citizen, accounts.pharmacyAdmin]));
  const idOf = (email: string) => found.find((u) => u.email === email)?.id ?? 0;
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"))
    .limit(1);
  const start = new Date(Date.now() + 3 * 86_400_000);
  const [row] = await db
    .insert(bookings)
    .values({
      companyId: pharmacy?.id ?? 0,
      userId: idOf(accounts.citizen),
      status: "confermato",
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
    })
    .returning({ id: bookings.id });
  const bookingId = (row as { id: number }).id;
  const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
  await db.insert(bookingEvents).values([
    {
      bookingId,
      actorUserId: idOf(accounts.citizen),
      action: "created",
      fromStatus: null,
      toStatus: "ricevuto",
      createdAt: at(0),
    },
    {
      bookingId,
      actorUserId: idOf(accounts.pharmacyAdmin),
      action: "confirm",
      fromStatus: "ricevuto",
      toStatus: "confermato",
      createdAt: at(10),
    },
    // Written by the job runner: nobody signed in.
    {
      bookingId,
      actorUserId: null,
      action: "reminder",
      fromStatus: "confermato",
      toStatus: "confermato",
      createdAt: at(20),
    },
  ]);
  hashid = createIds(loadConfig({ NODE_ENV: "test" }).hashids).encode(bookingId);
});
afterAll(() => t.close());

describe("GET reservations/history/{id} for the citizen's detail page", () => {
  it("answers the citizen who booked, in time order, with the platform as no actor", async () => {
    const response = await people.citizen.get(`reservations/history/${hashid}`);
    expect(response.statusCode, response.body).toBe(200);
    const events = response.json().data;
    expect(events.map((e: { action: string }) => e.action)).toEqual(["created", "confirm", "reminder"]);
    expect(events[0]).toMatchObject({ actor: "citizen", from_status: null, to_status: "ricevuto" });
    expect(events[0].actor_name).toEqual(expect.any(String));
    expect(events[1]).toMatchObject({ actor: "operator", actor_name: null, to_status: "confermato" });
    expect(events[2]).toMatchObject({ actor: null, actor_name: null });
    const times = events.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("answers the company's operators, even without permission strings, with the colleague's name", async () => {
    for (const operator of [people.pharmacyAdmin, people.pharmacyOperator]) {
      const response = await operator.get(`reservations/history/${hashid}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data[1]).toMatchObject({ actor: "operator", actor_name: expect.any(String) });
    }
  });

  it("hides it from another citizen and another company's operator (404), and anonymous callers (401)", async () => {
    expect((await people.citizen2.get(`reservations/history/${hashid}`)).statusCode).toBe(404);
    expect((await people.roomOperator.get(`reservations/history/${hashid}`)).statusCode).toBe(404);
    expect((await people.citizen.get("reservations/history/zzzzzzzzzz")).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/v1/reservations/history/${hashid}` })).statusCode).toBe(401);
  });
});
