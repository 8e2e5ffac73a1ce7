import { LIMITS } from "@cura/domain";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { companies } from "../companies/tables.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { bookings } from "./tables.ts";

/**
 * The paged lists' `kind` and `group` filters (the citizen's tabs) and the tab counts. The tests'
 * demo world has no bookings, so the ones below are all there are: written straight to the table,
 * since only the lists are under test here.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
/** The test's bookings by name, as hashids. */
const made: Record<string, string> = {};
const DAY = 86_400_000;

type Status = "ricevuto" | "in_attesa" | "confermato" | "evaso" | "rifiutato" | "annullato";
interface Seed {
  name: string;
  who: "maria" | "giuseppe";
  where: "pharmacy" | "room";
  kind: "prestazione" | "prodotto";
  status: Status;
  /** Days from now of the appointment; null for an order without a time. */
  day: number | null;
}

const SEEDS: Seed[] = [
  { name: "received", who: "maria", where: "pharmacy", kind: "prestazione", status: "ricevuto", day: 1 },
  { name: "proposal", who: "maria", where: "pharmacy", kind: "prestazione", status: "in_attesa", day: 5 },
  { name: "confirmed", who: "maria", where: "pharmacy", kind: "prestazione", status: "confermato", day: 2 },
  { name: "done", who: "maria", where: "pharmacy", kind: "prestazione", status: "evaso", day: -3 },
  { name: "cancelled", who: "maria", where: "pharmacy", kind: "prestazione", status: "annullato", day: -1 },
  { name: "refused", who: "maria", where: "pharmacy", kind: "prestazione", status: "rifiutato", day: -10 },
  { name: "order", who: "maria", where: "pharmacy", kind: "prodotto", status: "ricevuto", day: null },
  { name: "oldOrder", who: "maria", where: "pharmacy", kind: "prodotto", status: "evaso", day: null },
  { name: "elsewhere", who: "maria", where: "room", kind: "prestazione", status: "confermato", day: 3 },
  { name: "giuseppe", who: "giuseppe", where: "pharmacy", kind: "prestazione", status: "ricevuto", day: 7 },
];

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  const db = t.database.db;
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo"]));
  const userId = (email: string) => userRows.find((u) => u.email === email)?.id ?? 0;
  const companyId = async (name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1))[0]?.id ?? 0;
  const pharmacy = await companyId("Farmacia San Marco");
  const room = await companyId("Centrale di Monitoraggio Lazio");
  expect(pharmacy * room * userRows.length).toBeGreaterThan(0);
  for (const seed of SEEDS) {
    const start = seed.day === null ? null : new Date(Date.now() + seed.day * DAY);
    const [row] = await db
      .insert(bookings)
      .values({
        companyId: seed.where === "pharmacy" ? pharmacy : room,
        userId: userId(seed.who === "maria" ? "maria.rossi@cura.demo" : "giuseppe.bianchi@cura.demo"),
        kind: seed.kind,
        status: seed.status,
        startAt: start,
        endAt: start ? new Date(start.getTime() + 30 * 60_000) : null,
        products: seed.kind === "prodotto" ? [{ code: "CP0001", name: "Tachipirina 500", quantity: 1 }] : null,
      })
      .returning({ id: bookings.id });
    made[seed.name] = ids.encode((row as { id: number }).id);
  }
});
afterAll(() => t.close());

/** The names of the bookings a list answered, in its order. */
async function listed(c: Caller, path: string) {
  const response = await c.get(path);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: Array<{ hashid: string }>; meta: unknown };
  const names = body.data.map((b) => Object.keys(made).find((name) => made[name] === b.hashid) ?? b.hashid);
  return { names, meta: body.meta };
}

describe("GET users/own/reservations?group=&kind=", () => {
  it("answers one tab of one kind, the company's proposals awaiting the citizen first", async () => {
    expect(await listed(people.citizen, "users/own/reservations?group=pending&kind=prestazione")).toEqual({
      names: ["proposal", "received"],
      meta: { page: 1, per_page: LIMITS.pageSizeDefault, total: 2 },
    });
    expect((await listed(people.citizen, "users/own/reservations?group=confirmed&kind=prestazione")).names).toEqual([
      "elsewhere",
      "confirmed",
    ]);
    expect((await listed(people.citizen, "users/own/reservations?group=pending&kind=prodotto")).names).toEqual([
      "order",
    ]);
    // Without a group: every status of the kind, latest appointment first (orders without a time first).
    expect((await listed(people.citizen, "users/own/reservations?kind=prodotto")).names).toEqual(["order", "oldOrder"]);
  });

  it("pages the history by appointment, newest first, with the tab's total", async () => {
    const path = "users/own/reservations?group=history&kind=prestazione&per_page=2";
    expect(await listed(people.citizen, path)).toEqual({
      names: ["cancelled", "done"],
      meta: { page: 1, per_page: 2, total: 3 },
    });
    expect(await listed(people.citizen, `${path}&page=2`)).toEqual({
      names: ["refused"],
      meta: { page: 2, per_page: 2, total: 3 },
    });
    expect(await listed(people.citizen, `${path}&page=3`)).toEqual({
      names: [],
      meta: { page: 3, per_page: 2, total: 3 },
    });
  });

  it("combines a group with a status and dates, and shows only the citizen's own", async () => {
    expect((await listed(people.citizen, "users/own/reservations?group=pending&status=ricevuto")).names).toEqual([
      "order",
      "received",
    ]);
    expect((await listed(people.citizen, "users/own/reservations?group=pending&status=confermato")).meta).toEqual({
      page: 1,
      per_page: LIMITS.pageSizeDefault,
      total: 0,
    });
    expect((await listed(people.citizen2, "users/own/reservations?group=pending")).names).toEqual(["giuseppe"]);
  });

  it("refuses an unknown group or kind (422, by field), operators (403) and anonymous callers (401)", async () => {
    const bad = await people.citizen.get("users/own/reservations?group=tutte&kind=visita");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["group", "kind"]);
    expect(bad.json().errors.group).toEqual(["Elenco non valido"]);
    expect((await people.pharmacyAdmin.get("users/own/reservations?group=pending")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/users/own/reservations?group=pending" })).statusCode).toBe(
      401,
    );
  });
});

describe("GET companies/own/reservations?group=&kind=", () => {
  it("answers the company's tab, the new requests awaiting the operator first, never another company's", async () => {
    expect(await listed(people.pharmacyAdmin, "companies/own/reservations?group=pending&kind=prestazione")).toEqual({
      names: ["giuseppe", "received", "proposal"],
      meta: { page: 1, per_page: LIMITS.pageSizeDefault, total: 3 },
    });
    expect((await listed(people.pharmacyAdmin, "companies/own/reservations?group=confirmed")).names).toEqual([
      "confirmed",
    ]);
    expect((await listed(people.roomAdmin, "companies/own/reservations?group=confirmed")).names).toEqual(["elsewhere"]);
    expect((await listed(people.pharmacyAdmin, "companies/own/reservations?kind=prodotto&per_page=1")).meta).toEqual({
      page: 1,
      per_page: 1,
      total: 2,
    });
    expect((await people.pharmacyAdmin.get("companies/own/reservations?kind=farmaco")).statusCode).toBe(422);
    expect((await people.citizen.get("companies/own/reservations?group=pending")).statusCode).toBe(403);
  });
});

describe("GET users/own/reservations/counts", () => {
  it("counts each tab of each kind for the citizen only", async () => {
    const mine = await people.citizen.get("users/own/reservations/counts");
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({
      prestazione: { pending: 2, confirmed: 2, history: 3 },
      prodotto: { pending: 1, confirmed: 0, history: 1 },
      teleconsulto: { pending: 0, confirmed: 0, history: 0 },
    });
    expect((await people.citizen2.get("users/own/reservations/counts")).json().data).toEqual({
      prestazione: { pending: 1, confirmed: 0, history: 0 },
      prodotto: { pending: 0, confirmed: 0, history: 0 },
      teleconsulto: { pending: 0, confirmed: 0, history: 0 },
    });
  });

  it("refuses operators (403) and anonymous callers (401)", async () => {
    expect((await people.pharmacyAdmin.get("users/own/reservations/counts")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/users/own/reservations/counts" })).statusCode).toBe(401);
  });
});
