import { BOOKING_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { bookings } from "../bookings/tables.ts";
import { type Caller, caller, demoCallers, ownCompanyHashid } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

/** An enabled caregiver books for the assisted person (spec 001 §6): `assisted` of POST reservations. */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let citizen3: Caller;
let pharmacy: string;
let maria: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  citizen3 = caller(t, await t.login(accounts.citizen3));
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
});
afterAll(() => t.close());

const order = (extra: Record<string, unknown> = {}) => ({
  kind: "prodotto",
  company: pharmacy,
  products: [{ code: "CP0001", quantity: 1 }],
  ...extra,
});

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? 0;
}

describe("booking for the assisted person", () => {
  it("is the enabled caregiver's right only, and the booking is the assisted person's", async () => {
    // No relation: 404, as any person who is not the caller's to book for.
    expect((await people.citizen2.call("POST", "reservations", order({ assisted: maria }))).statusCode).toBe(404);

    const code = (await people.citizen.get("users/own/code")).json().data.code;
    const invited = await people.citizen2.call("POST", "familymembers/caregiver/invite", { code });
    const relation = invited.json().data.hashid;
    // Pending: still 404.
    expect((await people.citizen2.call("POST", "reservations", order({ assisted: maria }))).statusCode).toBe(404);

    await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: relation });
    const booked = await people.citizen2.call("POST", "reservations", order({ assisted: maria }));
    expect(booked.statusCode, booked.body).toBe(201);
    const hashid = booked.json().data.hashid;
    // This booking (not any of her demo bookings) is hers, for herself: not the caregiver's.
    const owners = await t.database.db
      .select({ userId: bookings.userId, familyMemberId: bookings.familyMemberId })
      .from(bookings)
      .where(eq(bookings.id, ids.decode(hashid) ?? 0));
    expect(owners).toEqual([{ userId: await userId(accounts.citizen), familyMemberId: null }]);
    // She sees it among her bookings.
    const hers = await people.citizen.get(`reservations/details/all/${hashid}`);
    expect(hers.statusCode, hers.body).toBe(200);

    // Someone else's caregiver relation does not help a third citizen.
    expect((await citizen3.call("POST", "reservations", order({ assisted: maria }))).statusCode).toBe(404);
    // One person at a time: the assisted person and a family member together are a 422.
    const both = await people.citizen2.call("POST", "reservations", order({ assisted: maria, family_member: "abc" }));
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.family_member).toEqual([BOOKING_MESSAGES.forWhomOne]);

    // Disabled: 404 again.
    await people.citizen.call("POST", "familymembers/caregiver/disapprove", { hashid: relation });
    expect((await people.citizen2.call("POST", "reservations", order({ assisted: maria }))).statusCode).toBe(404);
  });
});
