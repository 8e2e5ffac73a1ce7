import { readFileSync } from "node:fs";
import { COMPANY_CODE_MESSAGES, COMPANY_MESSAGES, OPERATOR_PERMISSIONS } from "@cura/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf, tinyPng } from "../../../test/files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { outbox } from "../identity/test-helpers.ts";
import { companies } from "./tables.ts";
import { type Caller, companyHashid, demoCallers, operatorOf, ownCompanyHashid } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let pharmacy: string;
let room: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  room = await ownCompanyHashid(people.roomAdmin);
});
afterAll(() => t.close());

async function codeOf(name: string): Promise<string> {
  const [row] = await t.database.db.select({ code: companies.code }).from(companies).where(eq(companies.name, name));
  return row?.code ?? "";
}

async function upload(c: Caller, file = tinyPng, filename = "logo.png"): Promise<string> {
  const body = multipart([{ name: "file", filename, content: file, type: "image/png" }]);
  const response = await t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token: c.token,
    payload: body.payload,
    headers: body.headers,
  });
  return response.json().data.hashid;
}

const anagrafica = {
  name: "Farmacia San Marco",
  subtype: "farmacia",
  email: "info@farmaciasanmarco.demo",
  pec: "farmaciasanmarco@pec.demo",
  phone: "0245678901",
  vat_number: "01234567890",
  website: "https://farmaciasanmarco.example",
  description: "Farmacia nel cuore di Brera",
  address: "Corso Garibaldi 12",
  comune: "milano",
  provincia: "Milano",
  regione: "Lombardia",
  cap: "20121",
  latitude: 45.4773,
  longitude: 9.1815,
};

describe("company page and profile", () => {
  it("shows public data to anyone signed in, options and code only to its own operators who may see them", async () => {
    const forCitizen = (await people.citizen.get(`companies/${pharmacy}`)).json().data;
    expect(forCitizen).toMatchObject({ name: "Farmacia San Marco", type: "farmacia", comune: "Milano", level: 1 });
    expect(forCitizen.options).toBeNull();
    expect(forCitizen.code).toBeNull();
    expect(forCitizen.openings.days).toHaveLength(7);
    expect(forCitizen.services.map((s: { position_ref: number }) => s.position_ref)).toContain(1);
    const forAdmin = (await people.pharmacyAdmin.get(`companies/${pharmacy}`)).json().data;
    expect(forAdmin.code).toBe(await codeOf("Farmacia San Marco"));
    expect(forAdmin.options).toEqual({ overlap: false, report: false });
    const forOperator = (await people.pharmacyOperator.get(`companies/${pharmacy}`)).json().data;
    expect(forOperator.code).toBeNull();
    expect(forOperator.options).not.toBeNull();
    expect((await people.citizen.get("companies/kZ3Gx7Qa")).statusCode).toBe(404);
  });

  it("replaces the profile with the official place names ('visualizzare anagrafica azienda')", async () => {
    const saved = await people.pharmacyAdmin.call("PUT", "companies/own/anagrafica", anagrafica);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(COMPANY_MESSAGES.dataUpdated);
    expect(saved.json().data).toMatchObject({ comune: "Milano", provincia: "MI", pec: "farmaciasanmarco@pec.demo" });
    const wrongPlace = await people.pharmacyAdmin.call("PUT", "companies/own/anagrafica", {
      ...anagrafica,
      comune: "Roma",
    });
    expect(wrongPlace.statusCode).toBe(422);
    expect(Object.keys(wrongPlace.json().errors)).toEqual(["comune"]);
    const wrongSubtype = await people.pharmacyAdmin.call("PUT", "companies/own/anagrafica", {
      ...anagrafica,
      subtype: "laboratorio_analisi",
    });
    expect(wrongSubtype.statusCode).toBe(422);
    const invalid = await people.pharmacyAdmin.call("PUT", "companies/own/anagrafica", {
      ...anagrafica,
      cap: "201",
      website: "http://insecure.example",
      latitude: 45,
      longitude: undefined,
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(["cap", "website", "latitude"]));
    expect((await people.pharmacyOperator.call("PUT", "companies/own/anagrafica", anagrafica)).statusCode).toBe(403);
    expect((await people.citizen.call("PUT", "companies/own/anagrafica", anagrafica)).statusCode).toBe(403);
  });

  it("sets and removes the company picture, which anyone signed in may then load", async () => {
    const file = await upload(people.pharmacyAdmin);
    const set = await people.pharmacyAdmin.call("POST", "companies/own/profile/picture", { resource: file });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.picture).toBe(`/api/v1/resources/private/${file}`);
    expect((await people.citizen.get(`resources/private/${file}`)).statusCode).toBe(200);
    // A file of someone else, or not an image, is refused.
    const foreign = await upload(people.roomAdmin);
    expect(
      (await people.pharmacyAdmin.call("POST", "companies/own/profile/picture", { resource: foreign })).statusCode,
    ).toBe(404);
    const removed = await people.pharmacyAdmin.get("companies/own/profile/picture/delete");
    expect(removed.json().data.picture).toBeNull();
    expect((await people.pharmacyAdmin.call("DELETE", "companies/own/profile/picture")).statusCode).toBe(200);
    expect((await people.citizen.get(`resources/private/${file}`)).statusCode).toBe(404);
    expect(
      (await people.pharmacyOperator.call("POST", "companies/own/profile/picture", { resource: file })).statusCode,
    ).toBe(403);
    expect((await people.pharmacyOperator.get("companies/own/profile/picture/delete")).statusCode).toBe(403);
  });

  it("sets the overlap and report options ('gestire impostazioni dei servizi')", async () => {
    const overlap = await people.pharmacyAdmin.call("PATCH", "companies/own/option/overlap", { overlap: true });
    expect(overlap.json()).toEqual({ data: { overlap: true, report: false }, message: COMPANY_MESSAGES.dataUpdated });
    const report = await people.pharmacyAdmin.call("PATCH", "companies/own/option/report", { report: true });
    expect(report.json().data).toEqual({ overlap: true, report: true });
    await people.pharmacyAdmin.call("PATCH", "companies/own/option/overlap", { overlap: false });
    expect(
      (await people.pharmacyOperator.call("PATCH", "companies/own/option/report", { report: false })).statusCode,
    ).toBe(403);
    expect((await people.citizen.call("PATCH", "companies/own/option/overlap", { overlap: false })).statusCode).toBe(
      403,
    );
  });

  it("tells its operators the ASL and the PIC option", async () => {
    expect((await people.pharmacyOperator.get("companies/own/asl")).json().data.asl).toContain("Milano");
    expect((await people.pharmacyOperator.get("companies/own/pic/enabled")).json().data.enabled).toBe(true);
    expect((await people.roomOperator.get("companies/own/pic/enabled")).json().data.enabled).toBe(false);
    expect((await people.citizen.get("companies/own/asl")).statusCode).toBe(403);
  });

  it("names the default monitoring room and the company types", async () => {
    const cr = (await people.citizen.get("companies/cr/default")).json().data;
    expect(cr).toMatchObject({ hashid: room, level: 5, type: "centrale" });
    const subtypes = (await t.request({ method: "GET", url: "/api/v1/utilities/subtypes" })).json().data;
    expect(subtypes.map((s: { type: string }) => s.type)).toEqual([
      "farmacia",
      "poliambulatorio",
      "laboratorio",
      "centrale",
    ]);
    expect(subtypes[0].subtypes.map((s: { code: string }) => s.code)).toContain("parafarmacia");
  });
});

describe("company code", () => {
  it("is random: 10 symbols of Crockford's base32, unique, nothing sequential, demo companies too", async () => {
    const codes = (await t.database.db.select({ code: companies.code }).from(companies)).map((r) => r.code);
    expect(codes.length).toBeGreaterThan(30);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // The old codes were three letters and a counter (FSM0000001): none is left.
    expect(codes.filter((code) => /^[A-Z]{3}\d{7}$/.test(code))).toEqual([]);
  });

  it("answers only the company's name and type, however the code is typed; 404 or 422 otherwise", async () => {
    const code = await codeOf("Farmacia San Marco");
    const ok = await t.request({ method: "GET", url: `/api/v1/companies/code/${code}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { name: "Farmacia San Marco", type: "farmacia" } });
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    expect((await t.request({ method: "GET", url: `/api/v1/companies/code/${typed}` })).json().data.name).toBe(
      "Farmacia San Marco",
    );
    // A well-formed code of no company (the old sequential ones are gone with the rest).
    const unknown = await t.request({ method: "GET", url: "/api/v1/companies/code/FSM0000001" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(COMPANY_MESSAGES.invalidCompanyCode);
    const malformed = await t.request({ method: "GET", url: "/api/v1/companies/code/CUR0000010" });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ x: [COMPANY_CODE_MESSAGES.invalid] });
  });

  it("is given anew to every existing company by the migration, from PostgreSQL's CSPRNG", async () => {
    const before = new Map(
      (await t.database.db.select({ id: companies.id, code: companies.code }).from(companies)).map((r) => [
        r.id,
        r.code,
      ]),
    );
    const migration = readFileSync(new URL("../../db/migrations/0005_hardening.sql", import.meta.url), "utf8");
    const recode = migration.split("--> statement-breakpoint").find((statement) => statement.includes("DO $$"));
    expect(recode).toBeDefined();
    await t.database.db.execute(sql.raw(recode as string));
    const after = await t.database.db.select({ id: companies.id, code: companies.code }).from(companies);
    expect(after.length).toBe(before.size);
    for (const row of after) {
      expect(row.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(row.code).not.toBe(before.get(row.id));
    }
    expect(new Set(after.map((r) => r.code)).size).toBe(after.length);
  });

  it("e-mails the code to a colleague ('gestire operatori'), for one's own company only", async () => {
    const to = "nuovo.collega@example.it";
    const sent = await people.pharmacyAdmin.call("POST", `companies/code/send/${pharmacy}`, { email: to });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe(COMPANY_MESSAGES.companyCodeSent);
    const [mail] = await outbox(t, to);
    expect(mail?.text).toContain(await codeOf("Farmacia San Marco"));
    expect((await people.pharmacyAdmin.call("POST", `companies/code/send/${room}`, { email: to })).statusCode).toBe(
      404,
    );
    expect(
      (await people.pharmacyOperator.call("POST", `companies/code/send/${pharmacy}`, { email: to })).statusCode,
    ).toBe(403);
    expect((await people.citizen.call("POST", `companies/code/send/${pharmacy}`, { email: to })).statusCode).toBe(403);
  });
});

describe("library (bancadati)", () => {
  it("lets every operator read it, and those with 'visualizzare anagrafica azienda' configure it", async () => {
    const initial = (await people.pharmacyOperator.get("companies/own/libraries")).json().data;
    expect(initial.length).toBe(3);
    const created = await people.pharmacyAdmin.call("POST", "companies/own/libraries", {
      label: "Linee guida ipertensione",
      url: "https://www.example.org/linee-guida",
      open_iframe: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    expect((await people.pharmacyOperator.get(`companies/own/libraries/${item.hashid}`)).json().data).toEqual(item);
    const me = (await people.pharmacyOperator.get("users/fresh/me")).json().data;
    expect(me.company.bancaDati.map((i: { hashid: string }) => i.hashid)).toContain(item.hashid);

    const replaced = await people.pharmacyAdmin.call("PUT", `companies/own/libraries/${item.hashid}`, {
      label: "Linee guida",
      url: "https://www.example.org/lg",
      open_iframe: false,
    });
    expect(replaced.json().data).toMatchObject({ label: "Linee guida", open_iframe: false });
    const http = await people.pharmacyAdmin.call("POST", "companies/own/libraries", {
      label: "x",
      url: "http://example.org",
    });
    expect(http.statusCode).toBe(422);
    expect(http.json().errors.url).toEqual([COMPANY_MESSAGES.httpsOnly]);

    // Another company's item is not found; a plain operator or a citizen cannot change the library.
    expect((await people.roomAdmin.get(`companies/own/libraries/${item.hashid}`)).statusCode).toBe(404);
    expect((await people.roomAdmin.call("DELETE", `companies/own/libraries/${item.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyOperator.call("DELETE", `companies/own/libraries/${item.hashid}`)).statusCode).toBe(
      403,
    );
    expect((await people.citizen.get("companies/own/libraries")).statusCode).toBe(403);

    const deleted = await people.pharmacyAdmin.call("DELETE", `companies/own/libraries/${item.hashid}`);
    expect(deleted.json().message).toBe(COMPANY_MESSAGES.libraryItemDeleted);
    expect((await people.pharmacyAdmin.get(`companies/own/libraries/${item.hashid}`)).statusCode).toBe(404);
  });
});

describe("operators", () => {
  const operatorHashid = async () =>
    (await people.pharmacyAdmin.get("companies/operators/list"))
      .json()
      .data.find((o: { email: string }) => o.email === accounts.pharmacyOperator).hashid as string;

  it("lists the company's operators, paged ('gestire operatori')", async () => {
    const list = (await people.pharmacyAdmin.get("companies/operators/list")).json();
    expect(list.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    expect(list.data.map((o: { email: string }) => o.email).sort()).toEqual([
      accounts.pharmacyAdmin,
      accounts.pharmacyOperator,
    ]);
    expect(list.data.find((o: { is_self: boolean }) => o.is_self).role).toBe("amministratore");
    const filtered = (await people.pharmacyAdmin.get("companies/operators/list?q=galli")).json();
    expect(filtered.data.map((o: { surname: string }) => o.surname)).toEqual(["Galli"]);
    expect((await people.pharmacyOperator.get("companies/operators/list")).statusCode).toBe(403);
    expect((await people.citizen.get("companies/operators/list")).statusCode).toBe(403);
  });

  it("suspends an operator, whose session stops at once, and enables them again", async () => {
    const hashid = await operatorHashid();
    const suspended = await people.pharmacyAdmin.call("POST", `users/change/status/${hashid}`, { status: false });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().data.status).toBe("suspended");
    expect((await people.pharmacyOperator.get("users/fresh/me")).statusCode).toBe(401);
    const toggled = await people.pharmacyAdmin.call("POST", `users/change/status/${hashid}`);
    expect(toggled.json().data.status).toBe("enabled");
    people.pharmacyOperator = { ...people.pharmacyOperator, ...(await relogin()) };
    expect((await people.pharmacyOperator.get("users/fresh/me")).statusCode).toBe(200);
  });

  async function relogin() {
    const token = await t.login(accounts.pharmacyOperator);
    return {
      token,
      call: (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) =>
        t.request({ method, url: `/api/v1/${path}`, token, ...(body !== undefined ? { body } : {}) }),
      get: (path: string) => t.request({ method: "GET", url: `/api/v1/${path}`, token }),
    };
  }

  it("changes role and permission strings, which take effect on the next request", async () => {
    const hashid = await operatorHashid();
    expect((await people.pharmacyOperator.get("companies/operators/list")).statusCode).toBe(403);
    const updated = await people.pharmacyAdmin.call("POST", "companies/operators/role/update", {
      operator: hashid,
      role: "farmacista",
      permessi: [OPERATOR_PERMISSIONS.manageOperators, OPERATOR_PERMISSIONS.manageOperators],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ role: "farmacista", permessi: [OPERATOR_PERMISSIONS.manageOperators] });
    expect((await people.pharmacyOperator.get("companies/operators/list")).statusCode).toBe(200);
    await people.pharmacyAdmin.call("POST", "companies/operators/role/update", {
      operator: hashid,
      role: "operatore",
      permessi: [],
    });
    expect((await people.pharmacyOperator.get("companies/operators/list")).statusCode).toBe(403);
    const unknownPermission = await people.pharmacyAdmin.call("POST", "companies/operators/role/update", {
      operator: hashid,
      role: "operatore",
      permessi: ["fare tutto"],
    });
    expect(unknownPermission.statusCode).toBe(422);
  });

  it("keeps one from locking oneself out, and another company's operators out of reach", async () => {
    const self = (await people.pharmacyAdmin.get("users/fresh/me")).json().data.hashid;
    const ownStatus = await people.pharmacyAdmin.call("POST", `users/change/status/${self}`, { status: false });
    expect(ownStatus.statusCode).toBe(422);
    expect(ownStatus.json().message).toBe(COMPANY_MESSAGES.notOwnStatus);
    const ownRole = await people.pharmacyAdmin.call("POST", "companies/operators/role/update", {
      operator: self,
      role: "amministratore",
      permessi: [],
    });
    expect(ownRole.statusCode).toBe(422);
    const roomColleague = (await people.roomAdmin.get("companies/operators/list"))
      .json()
      .data.find((o: { is_self: boolean }) => !o.is_self).hashid;
    expect(
      (await people.pharmacyAdmin.call("POST", `users/change/status/${roomColleague}`, { status: false })).statusCode,
    ).toBe(404);
    expect(
      (
        await people.pharmacyAdmin.call("POST", "companies/operators/role/update", {
          operator: roomColleague,
          role: "operatore",
          permessi: [],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await people.citizen.call("POST", `users/change/status/${roomColleague}`, { status: false })).statusCode,
    ).toBe(403);
  });
});

describe("archive (first-level companies)", () => {
  async function add(c: Caller, title: string) {
    const body = multipart([
      { name: "title", value: title },
      { name: "description", value: "Documento interno" },
      { name: "file", filename: "procedura.pdf", content: tinyPdf, type: "application/pdf" },
    ]);
    return t.request({
      method: "POST",
      url: "/api/v1/companyarchives",
      token: c.token,
      payload: body.payload,
      headers: body.headers,
    });
  }

  it("stores files encrypted, lists, reads, renames and removes them for the company's operators", async () => {
    const created = await add(people.pharmacyOperator, "Procedura di sanificazione");
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ title: "Procedura di sanificazione", uploaded_by: "Marco Galli" });
    expect(item.file).toMatchObject({ name: "procedura.pdf", mime_type: "application/pdf", size: tinyPdf.length });
    // Encrypted at rest: the stored bytes are not the PDF.
    const { readdirSync, readFileSync } = await import("node:fs");
    const stored = readdirSync(`${t.storageDir}/archivio`).map((f) => readFileSync(`${t.storageDir}/archivio/${f}`));
    expect(stored.some((bytes) => bytes.includes(Buffer.from("Referto riservato")))).toBe(false);
    // The colleague reads it back in clear; another company cannot.
    const file = await people.pharmacyAdmin.get(`resources/private/${item.file.hashid}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes(Buffer.from("Referto riservato"))).toBe(true);
    expect((await people.roomAdmin.get(`resources/private/${item.file.hashid}`)).statusCode).toBe(404);

    const list = (await people.pharmacyAdmin.get("companyarchives?q=sanific")).json();
    expect(list.meta.total).toBe(1);
    const renamed = await people.pharmacyAdmin.call("PUT", `companyarchives/${item.id}`, {
      title: "Sanificazione locali",
    });
    expect(renamed.json().data).toMatchObject({ title: "Sanificazione locali", description: null });
    expect((await people.pharmacyAdmin.get(`companyarchives/${item.id}`)).json().data.title).toBe(
      "Sanificazione locali",
    );
    const removed = await people.pharmacyAdmin.call("DELETE", `companyarchives/${item.id}`);
    expect(removed.json().message).toBe(COMPANY_MESSAGES.archiveDeleted);
    expect((await people.pharmacyAdmin.get(`companyarchives/${item.id}`)).statusCode).toBe(404);
  });

  it("is reserved to first-level companies and refuses what is not a pdf or an image", async () => {
    expect((await add(people.roomAdmin, "Verbale")).statusCode).toBe(403);
    expect((await people.roomAdmin.get("companyarchives")).statusCode).toBe(403);
    expect((await people.citizen.get("companyarchives")).statusCode).toBe(403);
    const body = multipart([
      { name: "title", value: "Testo" },
      { name: "file", filename: "nota.txt", content: Buffer.from("solo testo"), type: "text/plain" },
    ]);
    const refused = await t.request({
      method: "POST",
      url: "/api/v1/companyarchives",
      token: people.pharmacyAdmin.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(refused.statusCode).toBe(422);
    const untitled = await t.request({
      method: "POST",
      url: "/api/v1/companyarchives",
      token: people.pharmacyAdmin.token,
      ...(() => {
        const b = multipart([{ name: "file", filename: "a.pdf", content: tinyPdf, type: "application/pdf" }]);
        return { payload: b.payload, headers: b.headers };
      })(),
    });
    expect(untitled.statusCode).toBe(422);
    const created = (await add(people.pharmacyAdmin, "Interno")).json().data;
    // An operator of another first-level company finds nothing of it.
    const brera = await operatorOf(t, await companyHashid(people.citizen, "Farmacia Brera"));
    expect((await brera.get(`companyarchives/${created.id}`)).statusCode).toBe(404);
    expect((await brera.call("PUT", `companyarchives/${created.id}`, { title: "Mio" })).statusCode).toBe(404);
    expect((await brera.call("DELETE", `companyarchives/${created.id}`)).statusCode).toBe(404);
    expect((await brera.get(`resources/private/${created.file.hashid}`)).statusCode).toBe(404);
    expect((await brera.get("companyarchives")).json().meta.total).toBe(0);
  });
});
