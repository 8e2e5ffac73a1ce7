import { ADMIN_COMPANY_MESSAGES, COMPANY_ADMIN_ROLE, COMPANY_MESSAGES, OPERATOR_PERMISSIONS } from "@cura/domain";
import { and, desc, eq, ne } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { outboxMessages } from "../../../platform/messaging/tables.ts";
import { companies, healthServices, operators } from "../../companies/tables.ts";
import { type Caller, companyHashid, demoCallers } from "../../companies/test-helpers.ts";
import { users } from "../../identity/tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let admin: Caller;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  admin = people.admin;
});
afterAll(() => t.close());

let seq = 0;
const uniqueEmail = () => `nuovo.amministratore.${Date.now()}.${++seq}@example.it`;

function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Farmacia Test ${++seq}`,
    type: "farmacia",
    subtype: "farmacia_rurale",
    level: 1,
    email: "info@farmaciatest.it",
    phone: "0212345678",
    vat_number: "12345678901",
    address: "Via Roma 1",
    comune: "Milano",
    provincia: "MI",
    regione: "Lombardia",
    cap: "20121",
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const response = await admin.call("POST", "companies/new/register", {
    ...companyBody(overrides),
    administrator: { email, name: "Giovanna", surname: "Neri" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { company: response.json().data, email };
}

async function lastMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email))
    .orderBy(desc(outboxMessages.id))
    .limit(5);
  return mail;
}

async function welcomeLink(email: string) {
  const mails = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, "Benvenuto in Cura")));
  const text = mails[0]?.text ?? "";
  const match = text.match(/https?:\/\/\S+\/password\/reset\?email=\S+&token=([A-Za-z0-9_-]+)/);
  return match?.[1] ?? null;
}

async function userIdOf(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id as number;
}

function multipart(file: { name: string; type: string; bytes: Buffer }) {
  const boundary = "----cura-admin-companies";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

function upload(token: string, companyHash: string, file: { name: string; type: string; bytes: Buffer }) {
  const body = multipart(file);
  return t.request({
    method: "POST",
    url: `/api/v1/companies/${companyHash}/healthservices/import`,
    token,
    payload: body.payload,
    headers: body.headers,
  });
}

async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? "" : String(v))));
  });
  return rows;
}

describe("access", () => {
  it("answers 403 to citizens and operators on every administrator call", async () => {
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const calls: Array<[Parameters<Caller["call"]>[0], string, unknown?]> = [
      ["GET", "companies"],
      ["GET", "companies?export=xls"],
      ["POST", "companies/massive/report", { ids: [pharmacy] }],
      ["POST", "companies/new/register", {}],
      ["GET", `companies/${pharmacy}/admin`],
      ["PUT", `companies/${pharmacy}`, companyBody()],
      ["PATCH", `companies/${pharmacy}/toggle-status`, {}],
      ["GET", `companies/${pharmacy}/operators`],
      ["DELETE", `companies/operators/${pharmacy}/remove`],
      ["PATCH", `companies/operators/${pharmacy}/admin/change-role`, { role: "operatore", permessi: [] }],
      ["POST", `companies/${pharmacy}/admin/code/send`, {}],
      ["PATCH", `companies/${pharmacy}/services/set/${pharmacy}`, { active: true }],
      ["POST", `companies/${pharmacy}/healthservices/import`, {}],
      ["GET", "companies/healthservices/import/template"],
      ["GET", "services"],
      ["PUT", `services/${pharmacy}`, { name: "X", enabled: true }],
      ["GET", "healthservices"],
    ];
    for (const who of [people.citizen, people.pharmacyAdmin, people.pharmacyOperator]) {
      for (const [method, path, body] of calls) {
        const response = await who.call(method, path, body);
        expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(403);
      }
    }
  });
});

describe("GET companies", () => {
  it("lists companies paged with meta, filtered and sorted", async () => {
    const page = await admin.get("companies?per_page=2&sort=name");
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(body.meta.total).toBeGreaterThan(2);
    expect(body.data[0].name.localeCompare(body.data[1].name, "it")).toBeLessThanOrEqual(0);
    expect(body.data[0]).toHaveProperty("code");

    const named = (await admin.get("companies?q=san%20marco")).json();
    expect(named.data.map((c: { name: string }) => c.name)).toContain("Farmacia San Marco");
    const pharmacy = named.data.find((c: { name: string }) => c.name === "Farmacia San Marco");
    // The count is the company's own operators (a correlated subquery that once compared each
    // operator row with itself: db/qualified.ts).
    const [sanMarco] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, "Farmacia San Marco"));
    const staff = await t.database.db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.companyId, sanMarco?.id ?? 0), ne(operators.approval, "refused")));
    expect(staff.length).toBeGreaterThan(1);
    expect(pharmacy.operators).toBe(staff.length);

    const rooms = (await admin.get("companies?type=centrale&per_page=100")).json();
    expect(rooms.data.length).toBeGreaterThan(0);
    expect(rooms.data.every((c: { type: string }) => c.type === "centrale")).toBe(true);

    const inRome = (await admin.get("companies?comune=roma&per_page=100")).json();
    expect(inRome.data.every((c: { comune: string }) => c.comune === "Roma")).toBe(true);

    const reversed = (await admin.get("companies?per_page=1&sort=-name")).json();
    expect(reversed.data[0].name.localeCompare(body.data[0].name, "it")).toBeGreaterThan(0);
  });

  it("refuses bad filters with 422", async () => {
    for (const query of ["type=ospedale", "level=9", "status=maybe", "sort=code", "per_page=0", "export=pdf"]) {
      const response = await admin.get(`companies?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });

  it("exports the whole filtered list as an Excel workbook with ?export=xls", async () => {
    const total = (await admin.get("companies?status=active")).json().meta.total as number;
    const response = await admin.get("companies?status=active&export=xls");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="aziende-/);
    const rows = await readWorkbook(response.rawPayload);
    expect(rows[0]?.slice(0, 3)).toEqual(["Nome", "Codice", "Tipo"]);
    expect(rows.length - 1).toBe(total);
  });
});

describe("POST companies/massive/report", () => {
  it("answers the selected companies with their bookings by status", async () => {
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const response = await admin.call("POST", "companies/massive/report", { ids: [pharmacy] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    const rows = await readWorkbook(response.rawPayload);
    expect(rows[0]).toContain("Prenotazioni totali");
    expect(rows[1]?.[0]).toBe("Farmacia San Marco");
    const totalColumn = rows[0]?.indexOf("Prenotazioni totali") ?? -1;
    expect(Number(rows[1]?.[totalColumn])).toBeGreaterThanOrEqual(0);
    expect(rows[0]).toContain("Prenotazioni: confermato");
  });

  it("refuses an empty selection, reversed dates and unknown companies with 422", async () => {
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    for (const body of [
      { ids: [] },
      { ids: [pharmacy], from: "2026-05-10", to: "2026-05-01" },
      { ids: ["zzzzzzzzzz"] },
    ]) {
      const response = await admin.call("POST", "companies/massive/report", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("POST companies/new/register", () => {
  it("registers the company with a unique 10-character code and its administrator, who gets the welcome e-mail", async () => {
    const { company, email } = await register();
    expect(company.code).toMatch(/^[0-9A-Z]{10}$/);
    expect(company.active).toBe(true);
    expect(company.operators).toBe(1);
    expect(company.provincia).toBe("MI");

    const userId = await userIdOf(email);
    const [membership] = await t.database.db.select().from(operators).where(eq(operators.userId, userId));
    expect(membership).toMatchObject({ role: COMPANY_ADMIN_ROLE, approval: "approved", active: true });
    expect(membership?.permissions).toContain(OPERATOR_PERMISSIONS.manageOperators);

    const token = await welcomeLink(email);
    expect(token).toBeTruthy();
    const mail = (
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, "Benvenuto in Cura")))
    )[0];
    expect(mail?.text).toContain("72 ore");
    // One e-mail, not a verification e-mail as well: the password chosen from it verifies the address.
    const all = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(all.map((m) => m.subject)).toEqual(["Benvenuto in Cura"]);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.registered"), eq(auditLog.entityId, String(ids.decode(company.hashid)))));
    expect(audit?.detail).toMatchObject({ before: null, after: { name: company.name } });
  });

  it("the operator sets a password from the welcome link (once) and signs in", async () => {
    const { email } = await register();
    const token = await welcomeLink(email);
    const password = "Un-Nuovo-Inizio-2026";
    const reset = await t.request({
      method: "POST",
      url: "/api/v1/users/password/reset",
      body: { email, token, password, password_confirmation: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await t.request({
      method: "POST",
      url: "/api/v1/users/password/reset",
      body: { email, token, password, password_confirmation: password },
    });
    expect(again.statusCode).toBe(422);
    const token2 = await t.login(email, password);
    expect(token2).toBeTruthy();
    // The link came to the address: it is verified, so the operator goes straight to work.
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: token2 });
    expect(me.json().data.email_verified_at).not.toBeNull();
  });

  it("refuses missing fields, a subtype of another type, an unknown comune and a taken e-mail with 422", async () => {
    const missing = await admin.call("POST", "companies/new/register", { name: "" });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(["name", "type", "address", "cap", "administrator"]),
    );

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subtype: "punto_prelievi" }, "subtype"],
      [{ comune: "Atlantide" }, "comune"],
      [{ level: 7 }, "level"],
      [{ vat_number: "123" }, "vat_number"],
    ];
    for (const [overrides, field] of cases) {
      const response = await admin.call("POST", "companies/new/register", {
        ...companyBody(overrides),
        administrator: { email: uniqueEmail(), name: "Anna", surname: "Blu" },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toHaveProperty(field);
    }

    const taken = await admin.call("POST", "companies/new/register", {
      ...companyBody(),
      administrator: { email: "maria.rossi@cura.demo", name: "Maria", surname: "Rossi" },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toHaveProperty(["administrator.email"]);
  });
});

describe("detail, update and toggle", () => {
  it("shows the detail with every platform service and updates the data, audited before and after", async () => {
    const { company } = await register();
    const detail = await admin.get(`companies/${company.hashid}/admin`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.services).toHaveLength(12);

    const updated = await admin.call("PUT", `companies/${company.hashid}`, {
      ...companyBody({ name: "Farmacia Rinominata", level: 5, type: "centrale", subtype: "centrale_monitoraggio" }),
      comune: "Roma",
      provincia: "RM",
      regione: "Lazio",
      cap: "00185",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: "Farmacia Rinominata",
      level: 5,
      type: "centrale",
      comune: "Roma",
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "company.updated"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ before: { level: 1 }, after: { level: 5, name: "Farmacia Rinominata" } });
  });

  it("answers 404 for an unknown company and 422 for bad data", async () => {
    expect((await admin.get("companies/zzzzzzzz/admin")).statusCode).toBe(404);
    expect((await admin.call("PUT", "companies/zzzzzzzz", companyBody())).statusCode).toBe(404);
    const { company } = await register();
    const bad = await admin.call("PUT", `companies/${company.hashid}`, companyBody({ cap: "1" }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("cap");
  });

  it("a disabled company leaves search, its operators cannot sign in or use their sessions; enabling restores them", async () => {
    const { company, email } = await register({ name: "Farmacia Da Spegnere" });
    const token = await welcomeLink(email);
    const password = "Un-Nuovo-Inizio-2026";
    await t.request({
      method: "POST",
      url: "/api/v1/users/password/reset",
      body: { email, token, password, password_confirmation: password },
    });
    const session = await t.login(email, password);
    // Operators search every active company (citizens only those taking bookings).
    const search = async () =>
      (await people.pharmacyAdmin.get("companies/compact/search?q=Spegnere&per_page=50")).json().data as unknown[];
    expect(await search()).toHaveLength(1);

    const off = await admin.call("PATCH", `companies/${company.hashid}/toggle-status`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ data: { active: false }, message: ADMIN_COMPANY_MESSAGES.disabled });
    expect(await search()).toHaveLength(0);
    const login = await t.request({ method: "POST", url: "/api/v1/users/login", body: { email, password } });
    expect(login.statusCode).toBe(401);
    const me = await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: session });
    expect(me.statusCode).toBe(401);

    const on = await admin.call("PATCH", `companies/${company.hashid}/toggle-status`, {});
    expect(on.json()).toMatchObject({ data: { active: true }, message: ADMIN_COMPANY_MESSAGES.enabled });
    expect(await search()).toHaveLength(1);
    expect(await t.login(email, password)).toBeTruthy();

    const actions = (
      await t.database.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(ids.decode(company.hashid))))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["company.disabled", "company.enabled"]));
  });

  it("keeps a disabled company's bookings", async () => {
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const before = await admin.call("POST", "companies/massive/report", { ids: [pharmacy] });
    await admin.call("PATCH", `companies/${pharmacy}/toggle-status`, { active: false });
    const during = await admin.call("POST", "companies/massive/report", { ids: [pharmacy] });
    await admin.call("PATCH", `companies/${pharmacy}/toggle-status`, { active: true });
    const [a, b] = [await readWorkbook(before.rawPayload), await readWorkbook(during.rawPayload)];
    const column = a[0]?.indexOf("Prenotazioni totali") ?? -1;
    expect(b[1]?.[column]).toBe(a[1]?.[column]);
    expect(b[1]?.[a[0]?.indexOf("Stato") ?? -1]).toBe("disabilitata");
  });
});

describe("operators", () => {
  it("lists a company's operators, changes roles, refuses to demote or remove its only administrator (409)", async () => {
    const { company, email } = await register();
    const adminHash = ids.encode(await userIdOf(email));
    const list = await admin.get(`companies/${company.hashid}/operators`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);

    const demote = await admin.call("PATCH", `companies/operators/${adminHash}/admin/change-role`, {
      role: "operatore",
      permessi: [],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(ADMIN_COMPANY_MESSAGES.lastAdministrator);
    const remove = await admin.call("DELETE", `companies/operators/${adminHash}/remove`);
    expect(remove.statusCode).toBe(409);
    // Nor moved to another company (POST users/{id}/assign-to-company): the company would be left without one.
    const other = await register();
    const moved = await admin.call("POST", `users/${adminHash}/assign-to-company`, {
      company_id: other.company.hashid,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(ADMIN_COMPANY_MESSAGES.lastAdministrator);

    const bad = await admin.call("PATCH", `companies/operators/${adminHash}/admin/change-role`, {
      role: "capo",
      permessi: ["tutto"],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("role");

    // A second operator, made administrator: now either may go.
    const colleague = await t.database.db
      .insert(users)
      .values({ email: uniqueEmail(), type: 1, iAm: "operatore", dataConsense: true })
      .returning({ id: users.id });
    const colleagueId = colleague[0]?.id as number;
    await t.database.db
      .insert(operators)
      .values({ userId: colleagueId, companyId: ids.decode(company.hashid) as number });
    const colleagueHash = ids.encode(colleagueId);
    const promoted = await admin.call("PATCH", `companies/operators/${colleagueHash}/admin/change-role`, {
      role: COMPANY_ADMIN_ROLE,
      permessi: Object.values(OPERATOR_PERMISSIONS),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ role: COMPANY_ADMIN_ROLE, hashid: colleagueHash });

    const removed = await admin.call("DELETE", `companies/operators/${adminHash}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(ADMIN_COMPANY_MESSAGES.operatorRemoved);
    // Detached, never deleted.
    const [still] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(still?.deletedAt).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(operators)
        .where(eq(operators.userId, still?.id as number)),
    ).toHaveLength(0);
    expect((await admin.call("DELETE", `companies/operators/${adminHash}/remove`)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "operator.removed"), eq(auditLog.entityId, String(still?.id))));
    expect(audit?.detail).toMatchObject({ before: { role: COMPANY_ADMIN_ROLE }, after: null });
  });

  it("sends the company code to its administrators; 409 when it has none", async () => {
    const { company, email } = await register();
    const sent = await admin.call("POST", `companies/${company.hashid}/admin/code/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await lastMailTo(email))?.text).toContain(company.code);

    const other = await admin.call("POST", `companies/${company.hashid}/admin/code/send`, { email: "x@example.it" });
    expect(other.statusCode).toBe(200);
    const bad = await admin.call("POST", `companies/${company.hashid}/admin/code/send`, { email: "non-un-indirizzo" });
    expect(bad.statusCode).toBe(422);

    const [lonely] = await t.database.db
      .insert(companies)
      .values({ name: "Struttura Senza Amministratori", kind: "farmacia", code: "ZZZZZZZZZ1" })
      .returning({ id: companies.id });
    const none = await admin.call("POST", `companies/${ids.encode(lonely?.id as number)}/admin/code/send`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(ADMIN_COMPANY_MESSAGES.noAdministrator);
  });
});

describe("PATCH companies/{id}/services/set/{service_hash}", () => {
  it("enables a platform service for the company with who pays, audited", async () => {
    const { company } = await register();
    const teleconsult = ids.encode(2);
    const response = await admin.call("PATCH", `companies/${company.hashid}/services/set/${teleconsult}`, {
      active: true,
      payed_by_company: true,
      payed_by_citizen: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      position_ref: 2,
      active: true,
      enabled: true,
      payed_by_company: true,
      payed_by_citizen: false,
    });
    const again = await admin.call("PATCH", `companies/${company.hashid}/services/set/${teleconsult}`, {
      active: false,
      payed_by_company: false,
      payed_by_citizen: true,
    });
    expect(again.json().data).toMatchObject({ active: false, payed_by_citizen: true });
    const detail = (await admin.get(`companies/${company.hashid}/admin`)).json().data;
    expect(detail.services.find((s: { position_ref: number }) => s.position_ref === 2)).toMatchObject({
      enabled: true,
      active: false,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "company_service.set"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it("answers 404 for an unknown service and 422 for a missing flag", async () => {
    const { company } = await register();
    const unknown = await admin.call("PATCH", `companies/${company.hashid}/services/set/${ids.encode(99)}`, {
      active: true,
      payed_by_company: false,
      payed_by_citizen: false,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await admin.call("PATCH", `companies/${company.hashid}/services/set/${ids.encode(1)}`, {
      active: true,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("payed_by_company");
  });
});

describe("POST companies/{id}/healthservices/import", () => {
  const header = "nome;descrizione;servizio;durata_minuti;prezzo;capienza;attiva";
  const csv = (lines: string[]) => ({
    name: "prestazioni.csv",
    type: "text/csv",
    bytes: Buffer.from([header, ...lines].join("\r\n")),
  });
  const countOf = async (hash: string) =>
    (
      await t.database.db
        .select()
        .from(healthServices)
        .where(eq(healthServices.companyId, ids.decode(hash) as number))
    ).length;

  it("serves the template, whose columns the import reads", async () => {
    const response = await admin.get("companies/healthservices/import/template");
    expect(response.statusCode).toBe(200);
    const rows = await readWorkbook(response.rawPayload);
    expect(rows[0]).toEqual(["nome", "descrizione", "servizio", "durata_minuti", "prezzo", "capienza", "attiva"]);
    const { company } = await register();
    const imported = await upload(admin.token, company.hashid, {
      name: "modello.xlsx",
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      bytes: response.rawPayload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.imported).toBe(2);
  });

  it("lists the bad rows by number and imports nothing; the corrected file imports every row", async () => {
    const { company } = await register();
    const bad = await upload(
      admin.token,
      company.hashid,
      csv([
        "Misurazione della pressione;;1;15;3;;sì",
        ";senza nome;1;15;;;",
        "Holter;24 ore;1;dieci;12,50;;sì",
        "Elettrocardiogramma;;1;30;25,50;2;no",
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(422);
    const body = bad.json();
    expect(body.message).toBe(ADMIN_COMPANY_MESSAGES.importInvalid);
    expect(body.rows.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    expect(body.rows[0].messages[0]).toContain("nome");
    expect(body.rows[1].messages[0]).toContain("durata_minuti");
    expect(body.errors.file[0]).toMatch(/^Riga 3: /);
    expect(await countOf(company.hashid)).toBe(0);

    const good = await upload(
      admin.token,
      company.hashid,
      csv([
        "Misurazione della pressione;;1;15;3;;sì",
        "Visita senza nome;senza nome;1;15;;;",
        "Holter;24 ore;1;10;12,50;;sì",
        "Elettrocardiogramma;;1;30;25,50;2;no",
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.imported).toBe(4);
    const rows = await t.database.db
      .select()
      .from(healthServices)
      .where(eq(healthServices.companyId, ids.decode(company.hashid) as number));
    expect(rows.find((r) => r.name === "Elettrocardiogramma")).toMatchObject({
      priceCents: 2550,
      capacity: 2,
      active: false,
      slotMinutes: 30,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "health_services.imported"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ after: { imported: 4 } });
  });

  it("refuses more than 1000 rows, an empty file, a file without the columns and no file with 422", async () => {
    const { company } = await register();
    const many = Array.from({ length: 1001 }, (_, i) => `Prestazione ${i};;1;15;;;`);
    const tooMany = await upload(admin.token, company.hashid, csv(many));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(ADMIN_COMPANY_MESSAGES.importTooMany);

    const empty = await upload(admin.token, company.hashid, csv([]));
    expect(empty.statusCode).toBe(422);
    const columns = await upload(admin.token, company.hashid, {
      name: "altro.csv",
      type: "text/csv",
      bytes: Buffer.from("a;b\n1;2"),
    });
    expect(columns.statusCode).toBe(422);
    expect(columns.json().message).toBe(ADMIN_COMPANY_MESSAGES.importUnreadable);
    const pdf = await upload(admin.token, company.hashid, {
      name: "x.pdf",
      type: "application/pdf",
      bytes: Buffer.from("%PDF-1.4\n\0\0"),
    });
    expect(pdf.statusCode).toBe(422);
    const none = await t.request({
      method: "POST",
      url: `/api/v1/companies/${company.hashid}/healthservices/import`,
      token: admin.token,
      ...multipartWithoutFile(),
    });
    expect(none.statusCode).toBe(422);
    expect(await countOf(company.hashid)).toBe(0);
  });

  it("checks each row with the rules of a service created one by one, naming the column in Italian", async () => {
    const { company } = await register();
    const bad = await upload(admin.token, company.hashid, csv(["Holter;;13;1000;12,345;0;forse"]));
    expect(bad.statusCode, bad.body).toBe(422);
    const messages: string[] = bad.json().rows[0].messages;
    expect(messages.map((m) => m.split(":")[0])).toEqual(["servizio", "durata_minuti", "prezzo", "capienza", "attiva"]);
    for (const message of messages) expect(message).not.toMatch(/expected|Too (big|small)|Invalid/);
    expect(await countOf(company.hashid)).toBe(0);
  });

  it("answers 404 for an unknown company", async () => {
    const response = await upload(admin.token, "zzzzzzzz", csv(["A;;1;15;;;"]));
    expect(response.statusCode).toBe(404);
  });
});

function multipartWithoutFile() {
  const boundary = "----cura-admin-nofile";
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${boundary}--\r\n`,
    ),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("services (admin servizi)", () => {
  it("lists the twelve platform services and renames, describes and disables one, audited", async () => {
    const list = await admin.get("services");
    expect(list.statusCode, list.body).toBe(200);
    const services = list.json().data as Array<{
      hashid: string;
      position_ref: number;
      name: string;
      companies: number;
    }>;
    expect(services.map((s) => s.position_ref)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(services[0]).toMatchObject({ name: "Prenotazioni", enabled: true, description: null });
    expect(services[0]?.companies).toBeGreaterThan(0);

    const blog = services.find((s) => s.position_ref === 9) as { hashid: string };
    const updated = await admin.call("PUT", `services/${blog.hashid}`, {
      name: "Notizie",
      description: "Articoli e video delle strutture",
      enabled: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ position_ref: 9, name: "Notizie", enabled: false });
    expect((await admin.get("services")).json().data[8]).toMatchObject({ name: "Notizie", enabled: false });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "platform_service.updated"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({
      before: { name: "Blog", enabled: true },
      after: { name: "Notizie", enabled: false },
    });
  });

  it("takes a disabled platform service away from every company: citizens neither see nor book its services", async () => {
    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const bookable = async () =>
      (await people.citizen.get(`healthservices/company/all/${pharmacy}`)).json().data as Array<{ hashid: string }>;
    const [service] = await bookable();
    expect(service).toBeDefined();
    const book = () =>
      people.citizen.call("POST", "reservations", { health_service: service?.hashid, no_preference: true });
    const bookings = ids.encode(1);
    expect((await admin.call("PUT", `services/${bookings}`, { name: "Prenotazioni", enabled: false })).statusCode).toBe(
      200,
    );
    try {
      expect(await bookable()).toEqual([]);
      const refused = await book();
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json().message).toBe(COMPANY_MESSAGES.serviceNotActive);
    } finally {
      await admin.call("PUT", `services/${bookings}`, { name: "Prenotazioni", enabled: true });
    }
    expect((await bookable()).length).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown service and 422 for an empty name or a missing flag", async () => {
    const unknown = await admin.call("PUT", `services/${ids.encode(13)}`, { name: "X", enabled: true });
    expect(unknown.statusCode).toBe(404);
    const empty = await admin.call("PUT", `services/${ids.encode(1)}`, { name: " ", enabled: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toHaveProperty("name");
    const missing = await admin.call("PUT", `services/${ids.encode(1)}`, { name: "Prenotazioni" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("enabled");
  });

  it("lists every company's health services with filters, paged", async () => {
    const all = await admin.get("healthservices?per_page=5");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(5);
    expect(all.json().meta.total).toBeGreaterThan(5);
    const companiesSeen = new Set(
      ((await admin.get("healthservices?per_page=100")).json().data as Array<{ company: { name: string } }>).map(
        (s) => s.company.name,
      ),
    );
    expect(companiesSeen.size).toBeGreaterThan(1);

    const pharmacy = await companyHashid(admin, "Farmacia San Marco");
    const own = (await admin.get(`healthservices?company=${pharmacy}&per_page=100`)).json();
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((s: { company: { name: string } }) => s.company.name === "Farmacia San Marco")).toBe(true);

    const pressure = (await admin.get("healthservices?q=pressione&active=true&per_page=100")).json();
    expect(pressure.data.length).toBeGreaterThan(0);
    expect(pressure.data.every((s: { name: string; active: boolean }) => /pressione/i.test(s.name) && s.active)).toBe(
      true,
    );
    for (const query of ["position_ref=13", "active=forse", "per_page=1000"]) {
      expect((await admin.get(`healthservices?${query}`)).statusCode, query).toBe(422);
    }
  });
});
