import { UNSAFE_TEXT_MESSAGE } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf } from "./files-fixtures.ts";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "./helpers.ts";

/**
 * The input guard (platform/input.ts): a string with a character PostgreSQL or a person has no use
 * for is a 422 on its field, on every route, before anything is read or written.
 */
let t: TestContext;
let citizen: string;
let pharmacyAdmin: string;

beforeAll(async () => {
  t = await createTestContext();
  citizen = await t.login(accounts.citizen);
  pharmacyAdmin = await t.login(accounts.pharmacyAdmin);
});
afterAll(() => t.close());

const unsafe = (field: string) => ({ message: UNSAFE_TEXT_MESSAGE, errors: { [field]: [UNSAFE_TEXT_MESSAGE] } });

async function addLibraryItem(label: string) {
  return t.request({
    method: "POST",
    url: "/api/v1/companies/own/libraries",
    token: pharmacyAdmin,
    body: { label, url: "https://www.example.org/guida", open_iframe: true },
  });
}

async function libraryLabels(): Promise<string[]> {
  const response = await t.request({ method: "GET", url: "/api/v1/companies/own/libraries", token: pharmacyAdmin });
  return response.json().data.map((item: { label: string }) => item.label);
}

describe("unsafe text", () => {
  it("answers a NUL in a body's text with 422 on that field, and stores nothing", async () => {
    const before = await libraryLabels();
    const response = await addLibraryItem("Guida\u0000pazienti");
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual(unsafe("label"));
    expect(await libraryLabels()).toEqual(before);
  });

  it("refuses lone surrogates, other control characters and DEL, as JSON escapes or raw", async () => {
    for (const label of ["\ud800", "Guida \udc00", "Guida\u0007", "Guida\u001b[2J", "Guida\u007f"]) {
      const response = await addLibraryItem(label);
      expect(response.statusCode, JSON.stringify(label)).toBe(422);
      expect(response.json()).toEqual(unsafe("label"));
    }
    // The escape as a client writes it in the JSON text: JSON.parse turns it into the character.
    const escaped = await t.request({
      method: "POST",
      url: "/api/v1/companies/own/libraries",
      token: pharmacyAdmin,
      payload: '{"label":"Guida \\ud800","url":"https://www.example.org/guida"}',
      headers: { "content-type": "application/json" },
    });
    expect(escaped.statusCode, escaped.body).toBe(422);
    expect(escaped.json()).toEqual(unsafe("label"));
  });

  it("keeps tab and line breaks in free text, accents and emoji everywhere", async () => {
    const response = await addLibraryItem("Guida\tper i pazienti è 😀");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.label).toBe("Guida\tper i pazienti è 😀");
  });

  it("answers a NUL in the query or in a path parameter with 422", async () => {
    const query = await t.request({ method: "GET", url: "/api/v1/companies/compact/search?q=Roma%00", token: citizen });
    expect(query.statusCode, query.body).toBe(422);
    expect(query.json()).toEqual(unsafe("q"));

    const param = await t.request({ method: "GET", url: "/api/v1/utilities/province/by/Lazio%00" });
    expect(param.statusCode, param.body).toBe(422);
    expect(param.json()).toEqual(unsafe("region"));
  });

  it("checks multipart fields and file names", async () => {
    const upload = (title: string, filename: string) => {
      const body = multipart([
        { name: "title", value: title },
        { name: "file", filename, content: tinyPdf, type: "application/pdf" },
      ]);
      return t.request({
        method: "POST",
        url: "/api/v1/companyarchives",
        token: pharmacyAdmin,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const badTitle = await upload("Procedura\u0000", "procedura.pdf");
    expect(badTitle.statusCode, badTitle.body).toBe(422);
    expect(badTitle.json()).toEqual(unsafe("title"));

    const badName = await upload("Procedura", "procedura\u0000.pdf");
    expect(badName.statusCode, badName.body).toBe(422);
    expect(badName.json()).toEqual(unsafe("file"));

    const list = await t.request({ method: "GET", url: "/api/v1/companyarchives", token: pharmacyAdmin });
    expect(list.json().meta.total).toBe(0);
  });

  it("refuses a NUL in the user agent a session would store", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen2, password: DEMO_PASSWORD },
      headers: { "user-agent": "Browser\u0000" },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual(unsafe("user-agent"));
  });
});

describe("validation messages", () => {
  it("are Italian for a wrong type, a missing field and a too long text", async () => {
    const array = await t.request({ method: "POST", url: "/api/v1/users/login", body: [] });
    expect(array.statusCode).toBe(422);
    expect(array.json().message).toBe("Valore non valido: atteso un oggetto, ricevuto un elenco");

    const missing = await t.request({
      method: "POST",
      url: "/api/v1/companies/own/libraries",
      token: pharmacyAdmin,
      body: { url: "https://www.example.org/guida" },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.label).toEqual(["Campo obbligatorio"]);

    const wrongTypes = await t.request({
      method: "POST",
      url: "/api/v1/companies/own/libraries",
      token: pharmacyAdmin,
      body: { label: 3, url: ["x"], open_iframe: "sì" },
    });
    expect(wrongTypes.statusCode).toBe(422);
    for (const body of [array.body, missing.body, wrongTypes.body]) {
      expect(body).not.toMatch(/Invalid|expected|received|Too (big|small)/);
    }
  });
});
