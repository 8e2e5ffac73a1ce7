import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { bookingEvents, bookingFrequencies, bookingMessages, bookings } from "../src/modules/bookings/tables.ts";
import { familyMembers } from "../src/modules/care/tables.ts";
import {
  companies,
  companyArchives,
  companyServices,
  healthServiceAttachments,
  healthServices,
  libraryItems,
  operators,
  prohibitedDates,
} from "../src/modules/companies/tables.ts";
import { type Caller, demoCallers, ownCompanyHashid } from "../src/modules/companies/test-helpers.ts";
import { storedFiles } from "../src/modules/files/tables.ts";
import { anagrafiche, users } from "../src/modules/identity/tables.ts";
import { notifications } from "../src/modules/notifications/tables.ts";
import { companyPatients } from "../src/modules/patients/tables.ts";
import { createIds } from "../src/platform/ids.ts";
import { addDays, zonedDate, zonedToInstant } from "../src/platform/zoned-time.ts";
import { createTestContext, type TestContext } from "./helpers.ts";
import { ROUTE_SETS } from "./statement-counts/index.ts";
import type { Measured, SeedEnv } from "./statement-counts/types.ts";
import { countStatements, type StatementCounter } from "./statements.ts";

/**
 * Issue 15, "SQL statements per request": a list route costs the same number of statements whatever
 * the number of rows it shows (no query per row). Every list route of the OpenAPI document (a GET
 * whose 200 answer has `meta`, or whose `data` is an array) is either measured here, with 1 item and
 * with 50 items in its answer, or listed in NOT_SEEDED with the reason. The measured counts are kept
 * in statement-budget.json (per driver: PostgreSQL also counts BEGIN and COMMIT): a rise fails until
 * the file is updated in the same change (`UPDATE_STATEMENT_BUDGET=1` rewrites it from the run), a
 * fall prints a note to lower it.
 */

const BUDGET_FILE = join(import.meta.dirname, "statement-budget.json");
const driver = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const decode = (hashid: string) => ids.decode(hashid) as number;

/** The rule: which GET routes are lists. */
function listRoutes(): string[] {
  const document = JSON.parse(readFileSync(join(import.meta.dirname, "../openapi.json"), "utf8")) as {
    paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }>;
  };
  const routes: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const schema = operations.get?.responses?.["200"]?.content?.["application/json"]?.schema as
      | { properties?: { data?: { type?: string }; meta?: unknown } }
      | undefined;
    if (schema?.properties?.meta || schema?.properties?.data?.type === "array") routes.push(path);
  }
  return routes.sort();
}

/**
 * Routes whose answer the suite cannot grow from 1 to 50 items, and why. They stay named here so that
 * a new list route must be either measured or explained.
 */
const NOT_SEEDED: Record<string, string> = {
  "/api/v1/utilities/regioni": "fixed reference data (the 20 regions), not rows the suite adds",
  "/api/v1/utilities/province": "fixed reference data (the provinces)",
  "/api/v1/utilities/province/by/{region}": "fixed reference data (the provinces of a region)",
  "/api/v1/utilities/comuni": "fixed reference data (the comuni)",
  "/api/v1/utilities/comuni/by/provincia/{p}": "fixed reference data (the comuni of a province)",
  "/api/v1/utilities/paesi": "fixed reference data (the countries)",
  "/api/v1/utilities/prefissi": "fixed reference data (the telephone prefixes)",
  "/api/v1/utilities/subtypes": "fixed reference data (the company subtypes of the spec)",
  "/api/v1/utilities/products/{product}/search": "an external product catalogue, not rows of the database",
  "/api/v1/services/own/check": "the platform services of the spec (a fixed list), each with the company's state",
  "/api/v1/services/app/enabled": "the platform services of the spec (a fixed list) enabled for the caller",
  ...Object.assign({}, ...ROUTE_SETS.map((set) => set.notSeeded ?? {})),
};

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let statements: StatementCounter;
let pharmacyId: number;
let roomHashid: string;
let pharmacyHashid: string;
let citizenId: number;
let adminOperatorId: number;
/** The first seeded booking: the one whose messages and history are listed. */
let bookingId: number;
/** A company with no health services of its own, whose list the suite grows. */
let emptyCompanyId: number;
let serviceId: number;
/** The platform service the seeded providers run (bookings). */
const PLATFORM_REF = 1;
let sequence = 0;
const next = () => ++sequence;

/** Today at noon in Rome: in today's list, today's calendar and every unfiltered list. */
const today = () => zonedDate(Date.now(), "Europe/Rome");
const noon = () => new Date(zonedToInstant(today(), "12:00", "Europe/Rome"));

async function userIdOf(c: Caller): Promise<number> {
  return decode((await c.get("users/fresh/me")).json().data.hashid);
}

/** `n` people (a user and an anagrafica each) with one surname, for directories, patients and operators. */
async function insertPeople(n: number, type = 0, surname = "Contatore"): Promise<number[]> {
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => {
        const email = `persona.${next()}@example.it`;
        return { email, username: email.split("@")[0], type, iAm: type === 0 ? "cittadino" : "operatore" };
      }),
    )
    .returning({ id: users.id });
  await t.database.db
    .insert(anagrafiche)
    .values(rows.map((row) => ({ userId: row.id, name: "Lia", surname, telNumber: "3331112223" })));
  return rows.map((row) => row.id);
}

async function insertFiles(n: number): Promise<number[]> {
  const rows = await t.database.db
    .insert(storedFiles)
    .values(
      Array.from({ length: n }, () => {
        const key = `statement-counts/${next()}`;
        return {
          name: `${key}.pdf`,
          destination: "archive",
          mimeType: "application/pdf",
          sizeBytes: 10,
          storageKey: key,
        };
      }),
    )
    .returning({ id: storedFiles.id });
  return rows.map((row) => row.id);
}

const bookingRows = (n: number) =>
  Array.from({ length: n }, () => ({
    companyId: pharmacyId,
    healthServiceId: serviceId,
    userId: citizenId,
    status: "ricevuto" as const,
    startAt: noon(),
    endAt: new Date(noon().getTime() + 30 * 60_000),
    awaiting: "new" as const,
  }));

let measured: Measured[] = [];

function routes(): Measured[] {
  const citizen = () => people.citizen;
  const operator = () => people.pharmacyAdmin;
  const admin = () => people.admin;
  const bookingsOf = (route: string, url: () => string, as: () => Caller, cap?: number): Measured => ({
    route,
    url,
    as,
    // The bookings are seeded once for all these lists, by the first of them.
    seed: async () => {},
    ...(cap ? { cap } : {}),
  });
  const patientHashid = () => ids.encode(citizenId);
  return [
    {
      route: "/api/v1/users/own/reservations",
      url: () => "users/own/reservations?per_page=50",
      as: citizen,
      seed: async (n) => {
        const rows = await t.database.db.insert(bookings).values(bookingRows(n)).returning({ id: bookings.id });
        bookingId ??= (rows[0] as { id: number }).id;
        // Each one handled by the operator (their "handled by me" list): one event per booking.
        await t.database.db.insert(bookingEvents).values(
          rows.map((row) => ({
            bookingId: row.id,
            actorUserId: adminOperatorId,
            action: "confirm",
            fromStatus: "ricevuto" as const,
            toStatus: "confermato" as const,
          })),
        );
      },
    },
    bookingsOf("/api/v1/users/own/reservations/today", () => "users/own/reservations/today", citizen),
    bookingsOf("/api/v1/users/own/reservations/latest", () => "users/own/reservations/latest", citizen, 5),
    bookingsOf("/api/v1/users/own/reservations/all", () => "users/own/reservations/all", citizen),
    // The back office's bookings (issue 14): the same bookings, found by the citizen's surname.
    bookingsOf("/api/v1/admin/reservations", () => "admin/reservations?section=servizi&q=Rossi&per_page=50", admin),
    bookingsOf(
      "/api/v1/users/own/reservations/calendar",
      () => `users/own/reservations/calendar?from=${today()}&to=${today()}`,
      citizen,
    ),
    bookingsOf(
      "/api/v1/users/own/reservations/onedaycalendar",
      () => `users/own/reservations/onedaycalendar?date=${today()}`,
      citizen,
    ),
    bookingsOf("/api/v1/companies/own/reservations", () => "companies/own/reservations?per_page=50", operator),
    bookingsOf(
      "/api/v1/companies/own/reservations/calendar",
      () => `companies/own/reservations/calendar?from=${today()}&to=${today()}`,
      operator,
    ),
    bookingsOf(
      "/api/v1/companies/operator/reservations",
      () => "companies/operator/reservations?per_page=50",
      operator,
    ),
    bookingsOf("/api/v1/reservations/company/own", () => "reservations/company/own?per_page=50", operator),
    bookingsOf("/api/v1/companies/own/appointments", () => "companies/own/appointments?per_page=50", operator),
    bookingsOf(
      "/api/v1/reservations/company/users/{x}",
      () => `reservations/company/users/${patientHashid()}`,
      operator,
    ),
    {
      route: "/api/v1/reservations/message/{id}",
      url: () => `reservations/message/${ids.encode(bookingId)}`,
      as: citizen,
      seed: async (n) => {
        await t.database.db
          .insert(bookingMessages)
          .values(Array.from({ length: n }, () => ({ bookingId, authorKind: "operator" as const, body: "Va bene." })));
      },
    },
    {
      route: "/api/v1/reservations/history/{id}",
      url: () => `reservations/history/${ids.encode(bookingId)}`,
      as: citizen,
      // The bookings' seed gave the booking its first event; the 49 others come here.
      seed: async (n) => {
        if (n === 1) return;
        await t.database.db.insert(bookingEvents).values(
          Array.from({ length: n }, () => ({
            bookingId,
            actorUserId: citizenId,
            action: "created",
            toStatus: "ricevuto" as const,
          })),
        );
      },
    },
    {
      route: "/api/v1/reservations/frequencies/users/{id}",
      url: () => `reservations/frequencies/users/${patientHashid()}`,
      as: citizen,
      seed: async (n) => {
        await t.database.db.insert(bookingFrequencies).values(
          Array.from({ length: n }, () => ({
            userId: citizenId,
            companyId: pharmacyId,
            healthServiceId: serviceId,
            every: 1,
            unit: 2,
            nextDate: addDays(today(), 30),
            time: "10:00",
            createdByType: 0,
            createdBy: citizenId,
          })),
        );
      },
    },
    {
      route: "/api/v1/companies/own/reservations/frequencies",
      url: () => "companies/own/reservations/frequencies",
      as: operator,
      seed: async () => {},
    },
    {
      route: "/api/v1/notifications",
      url: () => "notifications?per_page=50",
      as: citizen,
      seed: async (n) => {
        await t.database.db.insert(notifications).values(
          Array.from({ length: n }, () => ({
            userId: citizenId,
            kind: "popup" as const,
            audience: "citizen" as const,
            title: "Avviso",
            body: "Un avviso di prova.",
            popup: true,
          })),
        );
      },
    },
    { route: "/api/v1/popupnotifications", url: () => "popupnotifications", as: citizen, seed: async () => {} },
    {
      route: "/api/v1/familymembers",
      url: () => "familymembers",
      as: citizen,
      seed: async (n) => {
        await t.database.db.insert(familyMembers).values(
          Array.from({ length: n }, () => ({
            userId: citizenId,
            name: "Luca",
            surname: "Rossi",
            taxCode: `RSSLCU10A01H501${String(next()).padStart(3, "0")}`,
            ageBand: "pediatrico" as const,
            relationship: "figlio" as const,
            gender: "M" as const,
          })),
        );
      },
    },
    {
      route: "/api/v1/familymembers/members/user/{id}",
      url: () => `familymembers/members/user/${patientHashid()}`,
      as: operator,
      seed: async () => {},
    },
    {
      route: "/api/v1/companies/own/patients",
      url: () => "companies/own/patients?per_page=50&q=Contatore",
      as: operator,
      seed: async (n) => {
        const people = await insertPeople(n);
        await t.database.db.insert(companyPatients).values(
          people.map((userId) => ({
            companyId: pharmacyId,
            userId,
            origin: "registrazione" as const,
            createdBy: adminOperatorId,
          })),
        );
      },
    },
    {
      route: "/api/v1/companies/own/patients/list",
      url: () => "companies/own/patients/list?q=Contatore",
      as: operator,
      seed: async () => {},
    },
    { route: "/api/v1/users/own/patients", url: () => "users/own/patients", as: operator, seed: async () => {} },
    {
      route: "/api/v1/utilities/users/search",
      url: () => "utilities/users/search?q=Contatore&per_page=50",
      as: admin,
      seed: async () => {},
    },
    {
      route: "/api/v1/companies/operators/list",
      url: () => "companies/operators/list?per_page=50&q=Operatrice",
      as: operator,
      seed: async (n) => {
        const people = await insertPeople(n, 1, "Operatrice");
        await t.database.db.insert(operators).values(people.map((userId) => ({ userId, companyId: pharmacyId })));
      },
    },
    {
      route: "/api/v1/companies/{company}/operators",
      url: () => `companies/${pharmacyHashid}/operators?per_page=50&q=Operatrice`,
      as: admin,
      seed: async () => {},
    },
    {
      route: "/api/v1/companies/own/healthservices",
      url: () => "companies/own/healthservices?per_page=50&q=Conteggio",
      as: operator,
      seed: async (n) => {
        await t.database.db
          .insert(healthServices)
          .values(Array.from({ length: n }, () => ({ companyId: pharmacyId, name: `Conteggio ${next()}` })));
      },
    },
    {
      route: "/api/v1/companies/{company}/healthservices",
      url: () => `companies/${pharmacyHashid}/healthservices?per_page=50&q=Conteggio`,
      as: operator,
      seed: async () => {},
    },
    {
      route: "/api/v1/healthservices/suggestions/name",
      url: () => "healthservices/suggestions/name?q=Conteggio&limit=20",
      as: citizen,
      seed: async () => {},
      cap: 20,
    },
    {
      route: "/api/v1/healthservices/company/all/{id}",
      url: () => `healthservices/company/all/${ids.encode(emptyCompanyId)}`,
      as: citizen,
      seed: async (n) => {
        await t.database.db
          .insert(healthServices)
          .values(Array.from({ length: n }, () => ({ companyId: emptyCompanyId, name: `Esame ${next()}` })));
      },
    },
    {
      route: "/api/v1/companies/{company}/prohibidates",
      url: () => `companies/${roomHashid}/prohibidates`,
      as: () => people.roomAdmin,
      seed: async (n) => {
        const roomId = decode(roomHashid);
        await t.database.db.insert(prohibitedDates).values(
          Array.from({ length: n }, () => {
            const day = addDays(today(), 400 + next());
            return { companyId: roomId, dateFrom: day, dateTo: day, reason: "Inventario" };
          }),
        );
      },
    },
    {
      route: "/api/v1/companies/own/libraries",
      url: () => "companies/own/libraries",
      as: () => people.roomAdmin,
      seed: async (n) => {
        const roomId = decode(roomHashid);
        await t.database.db.insert(libraryItems).values(
          Array.from({ length: n }, () => ({
            companyId: roomId,
            label: `Banca dati ${next()}`,
            url: "https://example.it",
          })),
        );
      },
    },
    {
      route: "/api/v1/companyarchives",
      url: () => "companyarchives?per_page=50&q=Conteggio",
      as: operator,
      seed: async (n) => {
        const files = await insertFiles(n);
        await t.database.db.insert(companyArchives).values(
          files.map((fileId) => ({
            companyId: pharmacyId,
            fileId,
            title: `Conteggio ${next()}`,
            fileName: "verbale.pdf",
            mimeType: "application/pdf",
            sizeBytes: 10,
          })),
        );
      },
    },
    {
      route: "/api/v1/companies/compact/search",
      url: () => "companies/compact/search?per_page=50&q=Contatrice",
      as: citizen,
      seed: async (n) => {
        const rows = await t.database.db
          .insert(companies)
          .values(
            Array.from({ length: n }, () => {
              const i = next();
              return {
                name: `Farmacia Contatrice ${i}`,
                kind: "farmacia",
                subtype: "farmacia",
                code: `CNT${String(i).padStart(7, "0")}`,
                comune: "Roma",
                provincia: "RM",
                regione: "Lazio",
              };
            }),
          )
          .returning({ id: companies.id });
        // Each runs a platform service and offers a health service that the provider searches find.
        await t.database.db
          .insert(companyServices)
          .values(rows.map((row) => ({ companyId: row.id, positionRef: PLATFORM_REF })));
        await t.database.db
          .insert(healthServices)
          .values(rows.map((row) => ({ companyId: row.id, name: "Spirometria contata" })));
      },
    },
    {
      route: "/api/v1/companies/compact/search/subtype",
      url: () => "companies/compact/search/subtype?per_page=50&q=Contatrice",
      as: citizen,
      seed: async () => {},
    },
    {
      route: "/api/v1/healthservices/search/companies",
      url: () => "healthservices/search/companies?per_page=50&q=Contatrice&service=Spirometria",
      as: citizen,
      seed: async () => {},
    },
    {
      route: "/api/v1/services/{id}/companies",
      url: () => `services/${ids.encode(PLATFORM_REF)}/companies?per_page=50&q=Contatrice`,
      as: citizen,
      seed: async () => {},
    },
    {
      route: "/api/v1/healthservices/allegati/all/{id}",
      url: () => `healthservices/allegati/all/${ids.encode(serviceId)}`,
      as: citizen,
      seed: async (n) => {
        const files = await insertFiles(n);
        await t.database.db
          .insert(healthServiceAttachments)
          .values(
            files.map((fileId) => ({ serviceId, fileId, name: "preparazione.pdf", mimeType: "application/pdf" })),
          );
      },
    },
    {
      route: "/api/v1/companies/search/subtype",
      url: () => "companies/search/subtype?per_page=50&q=Contatrice",
      as: citizen,
      seed: async () => {},
    },
  ];
}

interface Budget {
  [route: string]: { pglite?: number; postgres?: number };
}

interface Count {
  count: number;
  /** The items answered, or the status and body of an answer that was not a 200. */
  items: number | string;
  sql: readonly string[];
}
const results = new Map<string, { one: number; fifty: number; items: [number | string, number | string] }>();

/** Counts a call; the first of a route is preceded by an uncounted one (first-use work: a session's last use). */
async function countOf(entry: Measured, warm: boolean): Promise<Count> {
  if (warm) await entry.as().get(entry.url());
  statements.reset();
  const response = await entry.as().get(entry.url());
  const count = statements.count;
  const sql = [...statements.statements];
  const items =
    response.statusCode === 200
      ? (response.json().data as unknown[]).length
      : `${response.statusCode} ${response.body.slice(0, 200)}`;
  return { count, items, sql };
}

beforeAll(async () => {
  t = await createTestContext();
  statements = countStatements(t.database);
  people = await demoCallers(t);
  pharmacyHashid = await ownCompanyHashid(people.pharmacyAdmin);
  pharmacyId = decode(pharmacyHashid);
  roomHashid = await ownCompanyHashid(people.roomAdmin);
  citizenId = await userIdOf(people.citizen);
  adminOperatorId = await userIdOf(people.pharmacyAdmin);
  const [service] = await t.database.db
    .insert(healthServices)
    // An ASL appointments service (ref 5): its bookings are also in the company's ASL appointments.
    .values({ companyId: pharmacyId, name: "Prelievo", positionRef: 5 })
    .returning({ id: healthServices.id });
  serviceId = (service as { id: number }).id;
  const [empty] = await t.database.db
    .insert(companies)
    .values({ name: "Studio Vuoto", kind: "studio", code: "VUOTO00001" })
    .returning({ id: companies.id });
  emptyCompanyId = (empty as { id: number }).id;
  // It takes bookings, so that citizens are offered its health services (healthservices/company/all).
  await t.database.db.insert(companyServices).values({ companyId: emptyCompanyId, positionRef: PLATFORM_REF });
  const env: SeedEnv = {
    t,
    people,
    ids,
    citizenId,
    pharmacyId,
    pharmacyHashid,
    adminOperatorId,
    roomHashid,
    next,
    insertPeople,
    insertFiles,
  };
  measured = [...routes(), ...ROUTE_SETS.flatMap((set) => set.routes(env))];

  // Every route with one item, then with fifty.
  for (const entry of measured) await entry.seed(1);
  const one = new Map<string, Count>();
  for (const entry of measured) one.set(entry.route, await countOf(entry, true));
  for (const entry of measured) await entry.seed(49);
  for (const entry of measured) {
    const first = one.get(entry.route) as Count;
    const fifty = await countOf(entry, false);
    results.set(entry.route, { one: first.count, fifty: fifty.count, items: [first.items, fifty.items] });
    if (fifty.count !== first.count) {
      console.log(
        `${entry.route}\n  with 1 item:\n    ${first.sql.join("\n    ")}\n  with 50:\n    ${fifty.sql.join("\n    ")}`,
      );
    }
  }
}, 120_000);
afterAll(() => t?.close());

describe("SQL statements per request of the list routes", () => {
  it("measures every list route of the OpenAPI document, or names why it cannot", () => {
    const covered = new Set([...measured.map((entry) => entry.route), ...Object.keys(NOT_SEEDED)]);
    const missing = listRoutes().filter((route) => !covered.has(route));
    expect(missing, "list routes neither measured here nor listed in NOT_SEEDED").toEqual([]);
    const stale = [...covered].filter((route) => !listRoutes().includes(route));
    expect(stale, "routes named here that are no longer list routes of the OpenAPI document").toEqual([]);
  });

  it("answers each route with 1 item and then with 50 (the seeding works)", () => {
    const wrong = measured
      .map((entry) => ({ entry, items: results.get(entry.route)?.items }))
      .filter(({ entry, items }) => items?.[0] !== 1 || items?.[1] !== Math.min(50, entry.cap ?? 50))
      .map(({ entry, items }) => `GET ${entry.route}: ${items?.[0]} item(s), then ${items?.[1]}`);
    expect(wrong).toEqual([]);
  });

  it("runs as many statements with 50 items as with 1", () => {
    const grown = measured
      .map((entry) => ({ route: entry.route, ...(results.get(entry.route) as { one: number; fifty: number }) }))
      .filter((r) => r.one !== r.fifty)
      .map((r) => `GET ${r.route}: ${r.one} statements with 1 item, ${r.fifty} with 50`);
    expect(grown).toEqual([]);
  });

  it("keeps each route within its committed budget (statement-budget.json)", () => {
    const budget = JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as Budget;
    if (process.env.UPDATE_STATEMENT_BUDGET) {
      for (const entry of measured) {
        budget[entry.route] = { ...budget[entry.route], [driver]: results.get(entry.route)?.fifty };
      }
      const sorted = Object.fromEntries(Object.entries(budget).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(BUDGET_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    }
    const over: string[] = [];
    for (const entry of measured) {
      const count = results.get(entry.route)?.fifty as number;
      const allowed = budget[entry.route]?.[driver];
      if (allowed === undefined) over.push(`GET ${entry.route}: ${count} statements, no budget on ${driver}`);
      else if (count > allowed) over.push(`GET ${entry.route}: ${count} statements, budget ${allowed} on ${driver}`);
      else if (count < allowed) {
        console.log(`GET ${entry.route}: ${count} statements, under its budget of ${allowed} on ${driver}: lower it`);
      }
    }
    expect(over, "update apps/api/test/statement-budget.json in the same change when a rise is intended").toEqual([]);
  });
});
