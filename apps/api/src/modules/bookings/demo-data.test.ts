import type { TBooking } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { seedDemoBookings } from "./demo-data.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe("demo bookings (npm start)", () => {
  it("give the demo citizens and the demo pharmacy bookings in every kind of state, around today", async () => {
    // A Wednesday: the demo also books one for today.
    const created = await seedDemoBookings(t.database.db, Date.parse("2026-11-18T08:00:00Z"));
    expect(created).toBe(8);
    const people = await demoCallers(t);

    const mine = await people.citizen.get("users/own/reservations?per_page=50");
    expect(mine.statusCode).toBe(200);
    const maria: TBooking[] = mine.json().data;
    expect(maria.map((b) => b.status).sort()).toEqual(["confermato", "evaso", "in_attesa", "ricevuto"]);
    const waiting = maria.find((b) => b.status === "in_attesa");
    expect(waiting?.proposed_start).not.toBeNull();
    const withPreferences = maria.find((b) => b.status === "ricevuto");
    expect(withPreferences?.start).toBeNull();
    expect(withPreferences?.preferences).toHaveLength(3);

    const company = await people.pharmacyAdmin.get("companies/own/reservations?per_page=50");
    expect(company.json().meta.total).toBe(8);
    // Past open bookings, so that an operator can close one: confirmed, their time gone.
    const pastOpen = (company.json().data as TBooking[]).filter(
      (b) => b.status === "confermato" && b.start !== null && Date.parse(b.start) < Date.parse("2026-11-18T08:00:00Z"),
    );
    expect(pastOpen.map((b) => `${b.citizen.name} ${b.citizen.surname}`)).toEqual([
      "Giuseppe Bianchi",
      "Giuseppe Bianchi",
    ]);
  });
});
