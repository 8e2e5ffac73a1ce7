import { ADMIN_USERS_MESSAGES, BOOKING_STATUSES, taxCodeCheckChar } from "@cura/domain";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../../test/helpers.ts";
import { buildApp } from "../../../app.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { users } from "../../identity/tables.ts";
import { linkIn, NEW_PASSWORD, nextMessage, outbox } from "../../identity/test-helpers.ts";
import { adminUserSuspensions } from "./tables.ts";

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let t: TestContext;
let admin: string;
let operator: string;
let citizen: string;
let me: { hashid: string };
let maria: { hashid: string; anagrafica: Record<string, unknown> };
let pharmacyOperator: { hashid: string; company: { hashid: string } };
let roomCompany: string;

const fresh = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(accounts.admin);
  operator = await t.login(accounts.pharmacyOperator);
  citizen = await t.login(accounts.citizen);
  me = await fresh(admin);
  maria = await fresh(citizen);
  pharmacyOperator = await fresh(operator);
  roomCompany = (await fresh(await t.login(accounts.roomOperator))).company.hashid;
});
afterAll(() => t.close());

/** Every call of this part, with a body where it takes one. */
const calls = () =>
  [
    ["GET", "/api/v1/utilities/dati/app"],
    ["GET", "/api/v1/users/registrati"],
    ["GET", "/api/v1/users/registrati/export/xls"],
    ["GET", "/api/v1/users/registrati/oggi"],
    ["GET", "/api/v1/users/registrati/oggi/export/xls"],
    ["PUT", `/api/v1/users/anagrafica/${maria.hashid}`, maria.anagrafica],
    ["DELETE", `/api/v1/users/profile/${maria.hashid}`],
    ["POST", `/api/v1/users/${maria.hashid}/send-welcome-email`],
    ["POST", `/api/v1/users/${maria.hashid}/assign-to-company`, { company_id: roomCompany }],
    ["GET", "/api/v1/users/contatti/pubblici"],
    ["GET", "/api/v1/users/contatti/pubblici/export/xls"],
  ] as const;

describe("access", () => {
  it("answers 403 to citizens and operators and 401 without a session, on every call", async () => {
    for (const [method, url, body] of calls()) {
      for (const token of [citizen, operator]) {
        const response = await t.request({ method, url, token, ...(body ? { body } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await t.request({ method, url, ...(body ? { body } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe("GET utilities/dati/app", () => {
  it("answers users by type, registrations, active companies, today's bookings by status and teleconsults", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/utilities/dati/app", token: admin });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.users_by_type.amministratori).toBe(1);
    expect(data.users_by_type.operatori).toBeGreaterThanOrEqual(4);
    expect(data.users_by_type.cittadini).toBeGreaterThanOrEqual(3);
    expect(data.active_companies).toBeGreaterThanOrEqual(2);
    expect(Object.keys(data.bookings_today).sort()).toEqual([...BOOKING_STATUSES].sort());
    // Today in Rome: an appointment today, or a request without one asked today.
    const counted = (await t.database.db.execute(sql`
        select count(*)::int as n from teleconsults t join bookings b on b.id = t.booking_id
        where (b.start_at >= date_trunc('day', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'
               and b.start_at < (date_trunc('day', now() at time zone 'Europe/Rome') + interval '1 day') at time zone 'Europe/Rome')
           or (b.start_at is null
               and t.created_at >= date_trunc('day', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'
               and t.created_at < (date_trunc('day', now() at time zone 'Europe/Rome') + interval '1 day') at time zone 'Europe/Rome')`)) as {
      rows: Array<{ n: number }>;
    };
    expect(data.teleconsults_today).toBe(counted.rows[0]?.n);
    expect(data.registrations.week).toBeGreaterThanOrEqual(data.registrations.today);
    // No alert table yet: the figure is left out rather than shown as 0.
    expect(data).not.toHaveProperty("open_alerts");
  });
});

describe("GET users/registrati", () => {
  const list = (query: string) => t.request({ method: "GET", url: `/api/v1/users/registrati?${query}`, token: admin });

  it("searches by name, tax code and e-mail, paged, newest first", async () => {
    const byName = (await list("q=rossi")).json();
    expect(byName.data.map((u: { hashid: string }) => u.hashid)).toContain(maria.hashid);
    expect(byName.data[0]).toMatchObject({ surname: "Rossi", email: accounts.citizen, type: 0, status: "attivo" });
    const cf = (maria.anagrafica as { cf: string }).cf;
    expect((await list(`q=${cf.toLowerCase()}`)).json().data[0].hashid).toBe(maria.hashid);
    expect((await list("q=maria.rossi@")).json().meta.total).toBe(1);
    const paged = (await list("per_page=2&page=1")).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(paged.meta.total).toBeGreaterThan(2);
    const [first, second] = paged.data as { created_at: string }[];
    expect(Date.parse(first?.created_at ?? "")).toBeGreaterThanOrEqual(Date.parse(second?.created_at ?? ""));
  });

  it("filters by type, status, company and registration date", async () => {
    const operators = (await list("type=1")).json();
    expect(operators.data.every((u: { type: number }) => u.type === 1)).toBe(true);
    const ofCompany = (await list(`company=${pharmacyOperator.company.hashid}`)).json();
    expect(ofCompany.data.map((u: { hashid: string }) => u.hashid)).toContain(pharmacyOperator.hashid);
    expect(
      ofCompany.data.every(
        (u: { company: { hashid: string } }) => u.company.hashid === pharmacyOperator.company.hashid,
      ),
    ).toBe(true);
    expect((await list("status=sospeso&q=rossi")).json().meta.total).toBe(0);
    expect((await list("registered_from=2999-01-01")).json().meta.total).toBe(0);
    expect((await list("registered_to=2000-01-01")).json().meta.total).toBe(0);
    expect((await list("company=zzzzzz")).json().meta.total).toBe(0);
  });

  it("refuses a malformed filter with 422", async () => {
    const bad = await list("registered_from=ieri&type=7");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["registered_from", "type"]);
  });

  it("exports the filtered list as a workbook", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/v1/users/registrati/export/xls?q=rossi",
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="utenti-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Utenti");
    if (!sheet) throw new Error("no sheet Utenti");
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["Cognome", "Nome", "Codice fiscale"]);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 2)).toEqual(["Rossi"]);
    expect(sheet.rowCount).toBe(2);
  });
});

describe("GET users/registrati/oggi", () => {
  it("lists today's registrations with the counts per period, and exports them", async () => {
    await t.database.db.update(users).set({ createdAt: sql`now() - interval '400 days'` });
    await t.database.db.update(users).set({ createdAt: sql`now()` }).where(eq(users.email, accounts.citizen2));
    const response = await t.request({ method: "GET", url: "/api/v1/users/registrati/oggi", token: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((u: { email: string }) => u.email)).toEqual([accounts.citizen2]);
    expect(body.meta.total).toBe(1);
    expect(body.counts).toEqual({ today: 1, week: 1, month: 1, year: 1 });
    const xls = await t.request({ method: "GET", url: "/api/v1/users/registrati/oggi/export/xls", token: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet("Registrazioni di oggi")?.rowCount).toBe(2);
  });
});

describe("PUT users/anagrafica/{id}", () => {
  it("replaces the record under the person's own rules, audited", async () => {
    const body = { ...maria.anagrafica, address: "Via Nuova 1" };
    const response = await t.request({
      method: "PUT",
      url: `/api/v1/users/anagrafica/${maria.hashid}`,
      token: admin,
      body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.hashid).toBe(maria.hashid);
    expect((await fresh(citizen)).anagrafica.address).toBe("Via Nuova 1");
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "anagrafica.updated"));
    expect(audit?.actorUserId).toBe(ids.decode(me.hashid));
  });

  it("leaves contacts and tax code to the person: 403, nothing changed", async () => {
    const before = (await fresh(citizen)).anagrafica;
    // Her own tax code born elsewhere (Roma): valid, and not hers.
    const first15 = `${(maria.anagrafica as { cf: string }).cf.slice(0, 11)}H501`;
    for (const [field, value, message] of [
      ["tel_number", "3470000000", ADMIN_USERS_MESSAGES.contactsLocked],
      ["cf", first15 + taxCodeCheckChar(first15), ADMIN_USERS_MESSAGES.taxCodeLocked],
    ] as const) {
      const refused = await t.request({
        method: "PUT",
        url: `/api/v1/users/anagrafica/${maria.hashid}`,
        token: admin,
        body: { ...maria.anagrafica, address: "Via Altrove 9", [field]: value },
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toBe(message);
    }
    expect((await fresh(citizen)).anagrafica).toEqual(before);
  });

  it("answers 422 with the field and message, and 404 for nobody", async () => {
    const invalid = await t.request({
      method: "PUT",
      url: `/api/v1/users/anagrafica/${maria.hashid}`,
      token: admin,
      body: { ...maria.anagrafica, cf: "RSSMRA00A00X000X", cap: "12" },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(["cap", "cf"]);
    const unknown = await t.request({
      method: "PUT",
      url: "/api/v1/users/anagrafica/zzzzzz",
      token: admin,
      body: maria.anagrafica,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("POST users/{id}/send-welcome-email", () => {
  it("sends a single-use link valid 72 hours that sets the password", async () => {
    const already = (await outbox(t, accounts.citizen3)).length;
    const response = await t.request({
      method: "POST",
      url: `/api/v1/users/${(await fresh(await t.login(accounts.citizen3))).hashid}/send-welcome-email`,
      token: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ADMIN_USERS_MESSAGES.welcomeSent);
    const mail = await nextMessage(t, accounts.citizen3, already);
    expect(mail.text).toContain("72 ore");
    const token = new URL(linkIn(mail.text, /http:\/\/localhost:\d+\/password\/reset\?\S+/)).searchParams.get("token");
    const reset = () =>
      t.request({
        method: "POST",
        url: "/api/v1/users/password/reset",
        body: { email: accounts.citizen3, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(422);
    expect(await t.login(accounts.citizen3, NEW_PASSWORD)).toBeTruthy();
  });

  it("answers 409 for a disabled account", async () => {
    const target = (await fresh(await t.login(accounts.roomOperator))).hashid;
    await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${target}`,
      token: admin,
      body: { suspended: true },
    });
    const response = await t.request({
      method: "POST",
      url: `/api/v1/users/${target}/send-welcome-email`,
      token: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ADMIN_USERS_MESSAGES.welcomeDisabled);
    await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${target}`,
      token: admin,
      body: { suspended: false },
    });
  });
});

describe("POST users/{id}/assign-to-company", () => {
  const assign = (hashid: string, company_id: string) =>
    t.request({ method: "POST", url: `/api/v1/users/${hashid}/assign-to-company`, token: admin, body: { company_id } });

  it("answers 422 for someone who is not an operator and for an unknown company, 409 for the same company", async () => {
    const citizenAssigned = await assign(maria.hashid, roomCompany);
    expect(citizenAssigned.statusCode).toBe(422);
    expect(citizenAssigned.json().errors).toEqual({ id: [ADMIN_USERS_MESSAGES.notOperator] });
    const unknown = await assign(pharmacyOperator.hashid, "zzzzzz");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ company_id: [ADMIN_USERS_MESSAGES.companyUnknown] });
    expect((await assign(pharmacyOperator.hashid, pharmacyOperator.company.hashid)).statusCode).toBe(409);
  });

  it("moves an operator to the company, enabled, audited with before and after", async () => {
    const response = await assign(pharmacyOperator.hashid, roomCompany);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.company.hashid).toBe(roomCompany);
    const moved = await fresh(await t.login(accounts.pharmacyOperator));
    expect(moved.company.hashid).toBe(roomCompany);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "admin.user_assigned_to_company"));
    expect(audit?.detail).toMatchObject({ after: { role: "operatore", approval: "approved" } });
  });
});

describe("PATCH users/change/suspension/{id} with until and reason", () => {
  const suspend = (hashid: string, body: Record<string, unknown>) =>
    t.request({ method: "PATCH", url: `/api/v1/users/change/suspension/${hashid}`, token: admin, body });

  it("refuses an end in the past with 422", async () => {
    const response = await suspend(maria.hashid, { suspended: true, until: "2020-01-01T00:00:00Z", reason: "prova" });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(["until"]);
  });

  it("suspends until a date; the list shows it; the job lifts it when due", async () => {
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const response = await suspend(maria.hashid, { suspended: true, until, reason: "Verifica dei documenti" });
    expect(response.statusCode).toBe(200);
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen, password: DEMO_PASSWORD },
    });
    expect(login.json().message).toBe("La tua utenza è stata disabilitata");
    const listed = (
      await t.request({ method: "GET", url: "/api/v1/users/registrati?q=rossi&status=sospeso", token: admin })
    ).json().data[0];
    expect(listed).toMatchObject({ hashid: maria.hashid, status: "sospeso", suspended_until: until });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.suspended"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.detail).toMatchObject({ until, reason: "Verifica dei documenti", after: { disabled: true } });

    // Not due yet: the job leaves it.
    await t.app.jobs.runNow("admin-suspensions-end");
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/v1/users/login",
          body: { email: accounts.citizen, password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).not.toBe(200);
    // The clock moves past the end.
    const mariaId = ids.decode(maria.hashid) as number;
    await t.database.db
      .update(adminUserSuspensions)
      .set({ until: sql`now() - interval '1 minute'` })
      .where(eq(adminUserSuspensions.userId, mariaId));
    await t.app.jobs.runNow("admin-suspensions-end");
    citizen = await t.login(accounts.citizen);
    expect(citizen).toBeTruthy();
    expect(await t.database.db.select().from(adminUserSuspensions)).toEqual([]);
  });

  it("the development hook runs the job on a later clock: not before the end, then lifted; administrators only", async () => {
    const until = new Date(Date.now() + 24 * 3600_000);
    expect((await suspend(maria.hashid, { suspended: true, until: until.toISOString() })).statusCode).toBe(200);
    const run = (now: Date, token = admin) =>
      t.request({ method: "POST", url: "/api/v1/dev/suspensions/run", token, body: { now: now.toISOString() } });
    expect((await run(new Date(until.getTime() + 60_000), operator)).statusCode).toBe(403);
    // (Maria's own sessions ended with her suspension: another citizen asks.)
    expect((await run(new Date(until.getTime() + 60_000), await t.login(accounts.citizen2))).statusCode).toBe(403);
    expect(
      (await t.request({ method: "POST", url: "/api/v1/dev/suspensions/run", token: admin, body: {} })).statusCode,
    ).toBe(422);
    // Today's clock: the end has not come.
    const today = await run(new Date());
    expect(today.json()).toEqual({ data: { restored: 0 } });
    const refused = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen, password: DEMO_PASSWORD },
    });
    expect(refused.json().message).toBe("La tua utenza è stata disabilitata");
    // The clock a minute past the end: lifted, audited as the suspension's end, signing in again.
    const later = await run(new Date(until.getTime() + 60_000));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toEqual({ data: { restored: 1 } });
    expect(await t.database.db.select().from(adminUserSuspensions)).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.restored"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit?.detail).toMatchObject({ cause: "suspension_ended" });
    citizen = await t.login(accounts.citizen);
    expect(citizen).toBeTruthy();
  });

  it("the development hook does not exist in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      FILES_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      APP_SECRET: "x".repeat(40),
      STORAGE_DIR: t.storageDir,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database: t.database });
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/v1/dev/suspensions/run",
        headers: { authorization: `Bearer ${admin}` },
        payload: { now: new Date(Date.now() + 48 * 3600_000).toISOString() },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("a restore by hand forgets the end", async () => {
    const until = new Date(Date.now() + 3600_000).toISOString();
    await suspend(maria.hashid, { suspended: true, until });
    expect(await t.database.db.select().from(adminUserSuspensions)).toHaveLength(1);
    await suspend(maria.hashid, { suspended: false });
    expect(await t.database.db.select().from(adminUserSuspensions)).toEqual([]);
    citizen = await t.login(accounts.citizen);
  });
});

describe("public contacts", () => {
  const send = (body: Record<string, unknown>, remoteAddress = "10.9.0.1") =>
    t.request({ method: "POST", url: "/api/v1/utilities/contatti", body, remoteAddress });
  const message = {
    name: "Anna Verdi",
    email: "anna@example.org",
    phone: "3331234567",
    message: "Vorrei informazioni",
    privacy: true,
  };

  it("takes a message from anyone, checked and throttled", async () => {
    const invalid = await send({ ...message, email: "anna", privacy: false, phone: "+39 333" });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(["email", "phone", "privacy"]);
    expect(invalid.json().errors.privacy).toEqual([ADMIN_USERS_MESSAGES.privacyRequired]);
    const ok = await send(message);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe(ADMIN_USERS_MESSAGES.contactSent);
    for (let i = 1; i < 5; i++) expect((await send(message)).statusCode).toBe(201);
    const throttled = await send(message);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toBe(ADMIN_USERS_MESSAGES.contactTooMany);
    expect((await send({ ...message, name: "Altra persona" }, "10.9.0.2")).statusCode).toBe(201);
  });

  it("lists them for the administrator, filtered and paged, and exports them", async () => {
    const list = await t.request({ method: "GET", url: "/api/v1/users/contatti/pubblici?q=altra", token: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(1);
    expect(list.json().data[0]).toMatchObject({ name: "Altra persona", email: "anna@example.org", privacy: true });
    const all = (
      await t.request({ method: "GET", url: "/api/v1/users/contatti/pubblici?per_page=2", token: admin })
    ).json();
    expect(all.meta).toEqual({ page: 1, per_page: 2, total: 6 });
    const xls = await t.request({ method: "GET", url: "/api/v1/users/contatti/pubblici/export/xls", token: admin });
    expect(xls.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xls.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet("Contatti")?.rowCount).toBe(7);
  });
});

describe("DELETE users/profile/{id}", () => {
  it("answers 409 for oneself", async () => {
    const response = await t.request({ method: "DELETE", url: `/api/v1/users/profile/${me.hashid}`, token: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ADMIN_USERS_MESSAGES.notSelf);
  });

  it("anonymises an account as its own deletion does, audited", async () => {
    const target = (await fresh(await t.login(accounts.citizen2))).hashid;
    const response = await t.request({ method: "DELETE", url: `/api/v1/users/profile/${target}`, token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ADMIN_USERS_MESSAGES.deleted);
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen2, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, ids.decode(target) as number));
    expect(row).toMatchObject({ email: null, passwordHash: null });
    expect(row?.deletedAt).not.toBeNull();
    const again = await t.request({ method: "DELETE", url: `/api/v1/users/profile/${target}`, token: admin });
    expect(again.statusCode).toBe(404);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(row?.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.user_deleted", "profile.deleted"]));
  });

  it("deletes another administrator, never the last one", async () => {
    // A second administrator, as the platform owner would create one.
    const [second] = await t.database.db
      .insert(users)
      .values({ email: "secondo.admin@cura.demo", type: 2, iAm: "admin" })
      .returning({ id: users.id });
    const hashid = ids.encode(second?.id as number);
    const response = await t.request({ method: "DELETE", url: `/api/v1/users/profile/${hashid}`, token: admin });
    expect(response.statusCode).toBe(200);
    // The one left is the caller: deleting it is refused (oneself, and the last administrator).
    const last = await t.request({ method: "DELETE", url: `/api/v1/users/profile/${me.hashid}`, token: admin });
    expect(last.statusCode).toBe(409);
  });
});
