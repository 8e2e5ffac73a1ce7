import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let admin: string;
let operator: string;
let citizen: string;
let mariaHashid: string;
let mariaCf: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(accounts.admin);
  operator = await t.login(accounts.pharmacyOperator);
  citizen = await t.login(accounts.citizen);
  const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: citizen })).json().data;
  mariaHashid = me.hashid;
  mariaCf = me.anagrafica.cf;
});
afterAll(() => t.close());

describe("GET users/{id}", () => {
  it("answers oneself and, for an administrator, anyone", async () => {
    const own = await t.request({ method: "GET", url: `/api/v1/users/${mariaHashid}`, token: citizen });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.email).toBe(accounts.citizen);
    const byAdmin = await t.request({ method: "GET", url: `/api/v1/users/${mariaHashid}`, token: admin });
    expect(byAdmin.json().data.anagrafica.surname).toBe("Rossi");
  });

  it("answers 404 for someone else's account, as if it did not exist", async () => {
    const other = await t.request({
      method: "GET",
      url: `/api/v1/users/${mariaHashid}`,
      token: await t.login(accounts.citizen2),
    });
    expect(other.statusCode).toBe(404);
    const byOperator = await t.request({ method: "GET", url: `/api/v1/users/${mariaHashid}`, token: operator });
    expect(byOperator.statusCode).toBe(404);
  });
});

describe("GET utilities/users/search", () => {
  it("lets an administrator search by name, e-mail or tax code, paged", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/utilities/users/search?q=rossi", token: admin });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((u: { surname: string }) => u.surname)).toEqual(["Rossi"]);
    expect(body.data[0]).toMatchObject({ hashid: mariaHashid, email: accounts.citizen, type: 0, disabled: false });
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 1 });
    const operators = await t.request({
      method: "GET",
      url: "/api/v1/utilities/users/search?q=cura.demo&type=1",
      token: admin,
    });
    expect(operators.json().meta.total).toBe(4);
  });

  it("finds administrators' texts on the trigram search: both orders, tax code, any part of an e-mail, wildcards taken literally", async () => {
    const search = async (q: string, token = admin) => {
      const response = await t.request({
        method: "GET",
        url: `/api/v1/utilities/users/search?q=${encodeURIComponent(q)}`,
        token,
      });
      expect(response.statusCode, q).toBe(200);
      return (response.json().data as { hashid: string }[]).map((u) => u.hashid);
    };
    for (const q of [
      "Maria Rossi",
      "rossi maria",
      mariaCf.slice(2, 9).toLowerCase(),
      "ia.rossi@cura",
      "ROSSI@CURA.DEMO",
    ]) {
      expect(await search(q), q).toContain(mariaHashid);
    }
    // Not across the parts of the record, and % or _ only as themselves.
    expect(await search(`rossi ${mariaCf.slice(0, 4)}`)).not.toContain(mariaHashid);
    expect(await search("%%%")).toEqual([]);
    expect(await search("r_ssi")).toEqual([]);
  });

  it("asks for 3 characters or more (422 on q), for operators too", async () => {
    for (const token of [admin, operator]) {
      const short = await t.request({ method: "GET", url: "/api/v1/utilities/users/search?q=ro", token });
      expect(short.statusCode).toBe(422);
      expect(short.json().errors).toEqual({ q: ["Inserisci almeno 3 caratteri"] });
    }
  });

  it("lets an operator find a citizen only by their exact tax code, without the e-mail", async () => {
    const partial = await t.request({ method: "GET", url: "/api/v1/utilities/users/search?q=rossi", token: operator });
    expect(partial.json().data).toEqual([]);
    const exact = await t.request({
      method: "GET",
      url: `/api/v1/utilities/users/search?q=${mariaCf.toLowerCase()}`,
      token: operator,
    });
    expect(exact.json().data).toEqual([
      { hashid: mariaHashid, type: 0, name: "Maria", surname: "Rossi", cf: mariaCf, email: null, disabled: false },
    ]);
  });

  it("is closed to citizens and to anonymous callers", async () => {
    expect(
      (await t.request({ method: "GET", url: "/api/v1/utilities/users/search?q=rossi", token: citizen })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/utilities/users/search?q=rossi" })).statusCode).toBe(401);
  });
});

describe("PATCH users/change/suspension/{id}", () => {
  it("suspends an account, ending its sessions and sign-ins, and restores it", async () => {
    const giulia = await t.login(accounts.citizen3);
    const giuliaHashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: giulia })).json().data
      .hashid;
    const suspend = await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${giuliaHashid}`,
      token: admin,
      body: { suspended: true },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: giulia })).statusCode).toBe(401);
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email: accounts.citizen3, password: DEMO_PASSWORD },
    });
    expect(login.json().message).toBe("La tua utenza è stata disabilitata");

    const restore = await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${giuliaHashid}`,
      token: admin,
      body: { suspended: false },
    });
    expect(restore.statusCode).toBe(200);
    expect(await t.login(accounts.citizen3)).toBeTruthy();
  });

  it("refuses non-administrators, self-suspension and unknown accounts", async () => {
    const adminHashid = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: admin })).json().data
      .hashid;
    const self = await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${adminHashid}`,
      token: admin,
      body: { suspended: true },
    });
    expect(self.statusCode).toBe(403);
    const byOperator = await t.request({
      method: "PATCH",
      url: `/api/v1/users/change/suspension/${mariaHashid}`,
      token: operator,
      body: { suspended: true },
    });
    expect(byOperator.statusCode).toBe(403);
    const unknown = await t.request({
      method: "PATCH",
      url: "/api/v1/users/change/suspension/zzzzzzzz",
      token: admin,
      body: { suspended: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
