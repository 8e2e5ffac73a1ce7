import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { createIds } from "../../../platform/ids.ts";
import { bookings } from "../../bookings/tables.ts";
import { companies } from "../../companies/tables.ts";
import { type Caller, demoCallers } from "../../companies/test-helpers.ts";
import { users } from "../../identity/tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let admin: Caller;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const made: Record<string, string> = {};
let pharmacyHash = "";
const DAY = 86_400_000;

const SEEDS = [
  { name: "visit", who: "maria", where: "pharmacy", kind: "prestazione", status: "confermato", ago: 1 },
  { name: "oldVisit", who: "giuseppe", where: "room", kind: "prestazione", status: "evaso", ago: 40 },
  { name: "teleconsult", who: "giuseppe", where: "room", kind: "teleconsulto", status: "ricevuto", ago: 2 },
  { name: "order", who: "maria", where: "pharmacy", kind: "prodotto", status: "ricevuto", ago: 0 },
  { name: "doneOrder", who: "giuseppe", where: "pharmacy", kind: "prodotto", status: "evaso", ago: 3 },
] as const;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  admin = people.admin;
  const db = t.database.db;
  const userRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo"]));
  const userId = (who: string) => userRows.find((u) => u.email?.startsWith(who))?.id ?? 0;
  const companyId = async (name: string) =>
    (await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name)).limit(1))[0]?.id ?? 0;
  const pharmacy = await companyId("Farmacia San Marco");
  const room = await companyId("Centrale di Monitoraggio Lazio");
  pharmacyHash = ids.encode(pharmacy);
  for (const seed of SEEDS) {
    const created = new Date(Date.now() - seed.ago * DAY);
    const [row] = await db
      .insert(bookings)
      .values({
        companyId: seed.where === "pharmacy" ? pharmacy : room,
        userId: userId(seed.who),
        kind: seed.kind,
        status: seed.status,
        startAt: seed.kind === "prodotto" ? null : created,
        createdAt: created,
        products: seed.kind === "prodotto" ? [{ code: "CP0001", name: "Tachipirina 500", quantity: 2 }] : null,
      })
      .returning({ id: bookings.id });
    made[seed.name] = ids.encode((row as { id: number }).id);
  }
});
afterAll(() => t.close());

/** The names of the seeded bookings a page answered, in its order (other bookings left out). */
async function listed(path: string) {
  const response = await admin.get(path);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: Array<{ hashid: string }>; meta: { total: number } };
  const names = body.data
    .map((b) => Object.keys(made).find((name) => made[name] === b.hashid))
    .filter((n): n is string => n !== undefined);
  return { names, body };
}

describe("GET admin/reservations", () => {
  it("refuses citizens and operators (403) and anonymous callers (401)", async () => {
    for (const c of [people.citizen, people.pharmacyAdmin, people.pharmacyOperator]) {
      expect((await c.get("admin/reservations")).statusCode).toBe(403);
      expect((await c.get("admin/reservations?export=xls")).statusCode).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/v1/admin/reservations" })).statusCode).toBe(401);
  });

  it("lists visits, services and teleconsults by default, newest first, paged with meta", async () => {
    const { names, body } = await listed("admin/reservations?per_page=100");
    expect(names).toEqual(["visit", "teleconsult", "oldVisit"]);
    expect(body.meta).toMatchObject({ page: 1, per_page: 100 });
    const visit = body.data.find((b) => b.hashid === made.visit) as Record<string, unknown>;
    expect(visit).toMatchObject({
      kind: "prestazione",
      status: "confermato",
      company: { hashid: pharmacyHash, name: "Farmacia San Marco" },
      citizen: { surname: "Rossi", name: "Maria" },
    });
  });

  it("the medicines entry shows only medicine orders, with their lines", async () => {
    const { names, body } = await listed("admin/reservations?section=farmaci");
    expect(names).toEqual(["order", "doneOrder"]);
    expect(body.data.every((b) => (b as unknown as { kind: string }).kind === "prodotto")).toBe(true);
    expect(body.data[0]).toMatchObject({ products: [{ name: "Tachipirina 500", quantity: 2 }], service: null });
  });

  it("filters by status, company, dates and citizen", async () => {
    expect((await listed("admin/reservations?section=farmaci&status=evaso")).names).toEqual(["doneOrder"]);
    expect((await listed(`admin/reservations?company=${pharmacyHash}`)).names).toEqual(["visit"]);
    const from = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
    expect((await listed(`admin/reservations?from=${from}`)).names).toEqual(["visit", "teleconsult"]);
    expect((await listed("admin/reservations?q=bianchi")).names).toEqual(["teleconsult", "oldVisit"]);
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, "maria.rossi@cura.demo"));
    expect(maria).toBeDefined();
    const paged = await listed("admin/reservations?section=farmaci&per_page=1&page=2");
    expect(paged.names).toEqual(["doneOrder"]);
    expect(paged.body.meta.total).toBeGreaterThanOrEqual(2);
  });

  it("answers 422 for a bad filter", async () => {
    for (const query of ["status=boh", "section=altro", "from=2026-13-01", "q=x", "company=%21%21", "per_page=0"]) {
      const response = await admin.get(`admin/reservations?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors).toBeDefined();
    }
    const reversed = await admin.get("admin/reservations?from=2026-05-10&to=2026-05-01");
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toBeDefined();
  });

  it("exports the filtered list as a workbook", async () => {
    const response = await admin.get("admin/reservations?section=farmaci&status=ricevuto&export=xls");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain("prenotazioni-farmaci-");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Farmaci");
    const rows: string[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map(String));
    });
    expect(rows[0]).toContain("Codice fiscale");
    const data = rows.slice(1);
    expect(data.some((r) => r.includes("Rossi") && r.some((c) => c.includes("Tachipirina 500 × 2")))).toBe(true);
    expect(data.every((r) => r.includes("ricevuto"))).toBe(true);
    // Nothing of the other entry.
    const ids = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.kind, "prodotto"), eq(bookings.status, "ricevuto")));
    expect(data.length).toBe(ids.length);
  });
});
