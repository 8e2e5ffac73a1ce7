import { ADMIN_SETTINGS_MESSAGES, BUILTIN_SETTINGS } from "@cura/domain";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { companies } from "../../companies/tables.ts";
import { demoCallers } from "../../companies/test-helpers.ts";
import { citizenRegistration } from "../../identity/test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

const adminOnly: Array<[string, string, unknown?]> = [
  ["GET", "admin/settings"],
  ["POST", "admin/settings", { key: "x.y", type: "string", value: "a" }],
  ["PUT", "admin/settings/brand.name", { value: "Altro" }],
  ["DELETE", "admin/settings/x.y"],
  ["GET", "utilities/roles"],
  ["GET", "utilities/dati/logs"],
  ["GET", "utilities/dati/logs?export=xls"],
];

describe("access", () => {
  it("answers 403 to citizens and operators, 401 without sign-in, on every administrator route", async () => {
    for (const [method, path, body] of adminOnly) {
      for (const who of [people.citizen, people.pharmacyAdmin, people.roomOperator]) {
        const response = await who.call(method as "GET", path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
      }
      const anonymous = await t.request({ method: method as "GET", url: `/api/v1/${path}`, body });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe("flags the modules honour", () => {
  const setFlag = (key: string, value: boolean) => people.admin.call("PUT", `admin/settings/${key}`, { value });

  it("turns SPID sign-in off and on again, at once", async () => {
    const start = () => t.request({ method: "GET", url: "/api/v1/auth/spid/start" });
    expect((await start()).headers.location).toContain("/dev/idp/spid/auth");
    expect((await setFlag("feature.spid", false)).statusCode).toBe(200);
    try {
      const refused = await start();
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toMatch(/^\/login\/spid\?error=/);
      // CIE is a flag of its own.
      expect((await t.request({ method: "GET", url: "/api/v1/auth/cie/start" })).headers.location).toContain(
        "/dev/idp/cie/auth",
      );
    } finally {
      await setFlag("feature.spid", true);
    }
    expect((await start()).headers.location).toContain("/dev/idp/spid/auth");
  });

  it("closes operators' registration while blocked; citizens still register", async () => {
    const [room] = await t.database.db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.name, "Centrale di Monitoraggio Lazio"));
    const base = citizenRegistration();
    const operator = {
      ...base,
      type: 1,
      company_code: room?.code,
      anagrafica: { ...base.anagrafica, cf: null, birthday: null, id_albo: "rm54321" },
    };
    expect((await setFlag("feature.operator_registration_blocked", true)).statusCode).toBe(200);
    try {
      const refused = await t.request({ method: "POST", url: "/api/v1/users/register", body: operator });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ type: ["La registrazione degli operatori è momentaneamente sospesa"] });
      const citizen = await t.request({ method: "POST", url: "/api/v1/users/register", body: citizenRegistration() });
      expect(citizen.statusCode, citizen.body).toBe(201);
    } finally {
      await setFlag("feature.operator_registration_blocked", false);
    }
    const accepted = await t.request({ method: "POST", url: "/api/v1/users/register", body: operator });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe("settings", () => {
  it("GET utilities/settings answers the public settings without sign-in, defaults included", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/utilities/settings" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data["feature.spid"]).toBe(true);
    expect(data["feature.cie"]).toBe(true);
    expect(data["feature.popup"]).toBe(true);
    expect(data["feature.call_us"]).toBe(true);
    expect(data["feature.operator_registration_blocked"]).toBe(false);
    expect(data["brand.name"]).toBe(BUILTIN_SETTINGS["brand.name"].value);
  });

  it("lists every setting for administrators, built-in ones first", async () => {
    const response = await people.admin.get("admin/settings");
    expect(response.statusCode).toBe(200);
    const list = response.json().data as Array<{ key: string; builtin: boolean; type: string }>;
    expect(list.slice(0, Object.keys(BUILTIN_SETTINGS).length).map((s) => s.key)).toEqual(
      Object.keys(BUILTIN_SETTINGS),
    );
    expect(list.find((s) => s.key === "support.email")).toMatchObject({ type: "email", builtin: true });
  });

  it("a change applies at once (no restart), is audited with before and after", async () => {
    const off = await people.admin.call("PUT", "admin/settings/feature.spid", { value: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ key: "feature.spid", value: false, public: true, builtin: true });
    const publicAfter = await t.request({ method: "GET", url: "/api/v1/utilities/settings" });
    expect(publicAfter.json().data["feature.spid"]).toBe(false);
    // A second instance on the same database sees it too: nothing is cached in a process.
    const other = await t.secondInstance();
    const seen = await other.request({ method: "GET", url: "/api/v1/utilities/settings" });
    expect(seen.json().data["feature.spid"]).toBe(false);

    const log = await people.admin.get("utilities/dati/logs?action=settings.updated&entity=setting");
    const entry = log.json().data.find((e: { entity_id: string }) => e.entity_id === "feature.spid");
    expect(entry).toMatchObject({
      action: "settings.updated",
      user_type: 2,
      detail: { before: { value: true }, after: { value: false } },
    });
    await people.admin.call("PUT", "admin/settings/feature.spid", { value: true });
  });

  it("checks a value against the entry's type: 422 on value with the Italian message", async () => {
    const cases: Array<[string, unknown, string]> = [
      ["feature.cie", "sì", ADMIN_SETTINGS_MESSAGES.valueBoolean],
      ["support.email", "non-una-mail", ADMIN_SETTINGS_MESSAGES.valueEmail],
      ["support.phone", "chiamaci", ADMIN_SETTINGS_MESSAGES.valuePhone],
      ["brand.name", "x".repeat(201), ADMIN_SETTINGS_MESSAGES.valueString],
    ];
    for (const [key, value, message] of cases) {
      const response = await people.admin.call("PUT", `admin/settings/${key}`, { value });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().errors.value).toEqual([message]);
    }
    const ok = await people.admin.call("PUT", "admin/settings/support.email", { value: " Aiuto@Cura.IT " });
    expect(ok.json().data.value).toBe("aiuto@cura.it");
    const phone = await people.admin.call("PUT", "admin/settings/support.phone", { value: "+39 06 1234567" });
    expect(phone.statusCode).toBe(200);
    const publicAfter = (await t.request({ method: "GET", url: "/api/v1/utilities/settings" })).json().data;
    expect(publicAfter["support.email"]).toBe("aiuto@cura.it");
    expect(publicAfter["support.phone"]).toBe("+39 06 1234567");
  });

  it("creates a new entry (settingsys/nuovo): private unless said, 409 for a taken key, 422 for a bad key or value", async () => {
    const created = await people.admin.call("POST", "admin/settings", {
      key: "brand.claim_natale",
      type: "text",
      value: "Buone feste da Cura",
      description: "Testo di dicembre",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ key: "brand.claim_natale", public: false, builtin: false });
    let publicList = (await t.request({ method: "GET", url: "/api/v1/utilities/settings" })).json().data;
    expect(publicList["brand.claim_natale"]).toBeUndefined();

    const madePublic = await people.admin.call("PUT", "admin/settings/brand.claim_natale", {
      value: "Buone feste!",
      public: true,
    });
    expect(madePublic.json().data).toMatchObject({ value: "Buone feste!", public: true });
    publicList = (await t.request({ method: "GET", url: "/api/v1/utilities/settings" })).json().data;
    expect(publicList["brand.claim_natale"]).toBe("Buone feste!");

    const again = await people.admin.call("POST", "admin/settings", {
      key: "brand.claim_natale",
      type: "text",
      value: "",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_SETTINGS_MESSAGES.keyTaken);
    const builtin = await people.admin.call("POST", "admin/settings", {
      key: "feature.spid",
      type: "boolean",
      value: true,
    });
    expect(builtin.statusCode).toBe(409);

    const badKey = await people.admin.call("POST", "admin/settings", { key: "Con Spazi", type: "string", value: "a" });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors.key).toEqual([ADMIN_SETTINGS_MESSAGES.keyInvalid]);
    const badType = await people.admin.call("POST", "admin/settings", { key: "a.b", type: "colore", value: "a" });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.type).toEqual([ADMIN_SETTINGS_MESSAGES.typeInvalid]);
    const badValue = await people.admin.call("POST", "admin/settings", {
      key: "limiti.max",
      type: "integer",
      value: 1.5,
    });
    expect(badValue.statusCode).toBe(422);
    expect(badValue.json().errors.value).toEqual([ADMIN_SETTINGS_MESSAGES.valueInteger]);

    const unknown = await people.admin.call("PUT", "admin/settings/non.esiste", { value: "a" });
    expect(unknown.statusCode).toBe(404);
  });

  it("removes an administrator's entry, never a built-in one (409)", async () => {
    await people.admin.call("POST", "admin/settings", { key: "temp.flag", type: "boolean", value: true });
    const removed = await people.admin.call("DELETE", "admin/settings/temp.flag");
    expect(removed.statusCode).toBe(200);
    expect((await people.admin.call("DELETE", "admin/settings/temp.flag")).statusCode).toBe(404);
    const builtin = await people.admin.call("DELETE", "admin/settings/feature.cie");
    expect(builtin.statusCode).toBe(409);
    expect(builtin.json().message).toBe(ADMIN_SETTINGS_MESSAGES.builtinNotRemovable);
    const log = await people.admin.get("utilities/dati/logs?action=settings.deleted");
    expect(log.json().data[0]).toMatchObject({ entity_id: "temp.flag", detail: { after: null } });
  });
});

describe("GET utilities/roles", () => {
  it("excludes admins and croom unless asked for", async () => {
    const keys = async (query = "") =>
      ((await people.admin.get(`utilities/roles${query}`)).json().data as Array<{ key: string }>).map((r) => r.key);
    const base = await keys();
    expect(base).toContain("cittadino");
    expect(base).not.toContain("admin");
    expect(base).not.toContain("amministratore");
    expect(base).not.toContain("croom");
    expect(await keys("?include-admins=true")).toEqual(expect.arrayContaining(["admin", "amministratore"]));
    expect(await keys("?include-admins=true")).not.toContain("croom");
    const croom = await keys("?include-croom=1");
    expect(croom).toContain("croom");
    expect(croom).not.toContain("admin");
  });
});

describe("GET utilities/dati/logs", () => {
  it("filters by user, type, action prefix, entity, dates and address; paged with meta", async () => {
    const me = (await people.admin.get("users/fresh/me")).json().data;
    await people.admin.call("PUT", "admin/settings/brand.tagline", { value: "Una frase nuova" });
    const today = new Date().toISOString().slice(0, 10);
    const response = await people.admin.get(
      `utilities/dati/logs?user=${me.hashid}&user_type=2&action=settings.&entity=setting&from=2020-01-01&to=2099-12-31&ip=127.0.0.1&per_page=2`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(body.meta.total).toBeGreaterThanOrEqual(1);
    expect(body.data[0]).toMatchObject({ user: me.hashid, user_type: 2, entity: "setting", ip: "127.0.0.1" });
    // Who, by name: the administrator's surname and name, not only an id.
    const name = [me.anagrafica?.surname, me.anagrafica?.name].filter(Boolean).join(" ");
    expect(name).not.toBe("");
    expect(body.data[0].user_name).toBe(name);
    expect(body.data.length).toBeLessThanOrEqual(2);

    const none = await people.admin.get("utilities/dati/logs?from=2001-01-01&to=2001-01-02");
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const otherIp = await people.admin.get("utilities/dati/logs?ip=10.9.8.7");
    expect(otherIp.json().meta.total).toBe(0);
    const citizens = await people.admin.get(`utilities/dati/logs?user_type=0&entity=setting&from=${today}`);
    expect(citizens.json().meta.total).toBe(0);
  });

  it("422 for bad filters", async () => {
    const order = await people.admin.get("utilities/dati/logs?from=2026-02-01&to=2026-01-01");
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.to).toEqual([ADMIN_SETTINGS_MESSAGES.dateOrder]);
    const date = await people.admin.get("utilities/dati/logs?from=ieri");
    expect(date.statusCode).toBe(422);
    expect(date.json().errors.from).toEqual([ADMIN_SETTINGS_MESSAGES.dateInvalid]);
    const ip = await people.admin.get("utilities/dati/logs?ip=<script>");
    expect(ip.statusCode).toBe(422);
    expect((await people.admin.get("utilities/dati/logs?user_type=7")).statusCode).toBe(422);
    expect((await people.admin.get("utilities/dati/logs?per_page=1000")).statusCode).toBe(422);
  });

  it("exports the filtered log as a workbook with Italian headers", async () => {
    const response = await people.admin.get("utilities/dati/logs?export=xls&entity=setting");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toMatch(
      /attachment; filename="log-di-sistema-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Data");
    expect(sheet?.getRow(1).getCell(5).value).toBe("Azione");
    const listed = (await people.admin.get("utilities/dati/logs?entity=setting")).json().meta.total;
    expect((sheet?.actualRowCount ?? 0) - 1).toBe(listed);
    expect(String(sheet?.getRow(2).getCell(6).value)).toBe("setting");
    const newest = (await people.admin.get("utilities/dati/logs?entity=setting&per_page=1")).json().data[0];
    expect(String(sheet?.getRow(2).getCell(3).value)).toBe(newest.user_name);
  });
});
