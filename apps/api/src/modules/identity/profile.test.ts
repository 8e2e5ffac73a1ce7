import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf, tinyPng } from "../../../test/files-fixtures.ts";
import { accounts, createTestContext, DEMO_PASSWORD, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { anagrafiche, users } from "./tables.ts";
import { citizenRegistration, taxCode } from "./test-helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const me = async (token: string) =>
  (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data;

const upload = (token: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token,
    payload: body.payload,
    headers: body.headers,
  });
};

const record = (overrides: Record<string, unknown> = {}) => ({
  name: "Giulia",
  surname: "Esposito",
  cf: taxCode("SPSGLI99E52F839"),
  gender: "femminile",
  birthday: "1999-05-12",
  regione: "Campania",
  provincia: "NA",
  comune: "Napoli",
  cap: "80121",
  address: "Via Chiaia 31",
  tel_number: "3204455667",
  ...overrides,
});

describe("GET users/fresh/me with ?access_token=", () => {
  it("accepts the token in the query on this route only", async () => {
    const token = await t.login(accounts.citizen3);
    const response = await t.request({ method: "GET", url: `/api/v1/users/fresh/me?access_token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(accounts.citizen3);
    const bad = await t.request({ method: "GET", url: `/api/v1/users/fresh/me?access_token=${"x".repeat(43)}` });
    expect(bad.statusCode).toBe(401);
    const elsewhere = await t.request({ method: "GET", url: `/api/v1/users/logout?access_token=${token}` });
    expect(elsewhere.statusCode).toBe(401);
    const otherRoute = await t.request({
      method: "GET",
      url: `/api/v1/resources/private/abcdefgh?access_token=${token}`,
    });
    expect(otherRoute.statusCode).toBe(401);
  });
});

describe("the personal record", () => {
  it("updates it with the profile's rules, and a new phone must be verified again", async () => {
    const token = await t.login(accounts.citizen3);
    const update = (body: unknown) => t.request({ method: "PUT", url: "/api/v1/users/anagraphic/update", token, body });

    const young = await update(record({ birthday: "2020-01-01" }));
    expect(young.statusCode).toBe(422);
    expect(young.json().errors).toEqual({ birthday: ["L'età deve essere di almeno 14 anni"] });
    const badCf = await update(record({ cf: "SPSGLI99E52F839A" }));
    expect(badCf.json().errors).toEqual({ cf: ["codice fiscale non valido"] });
    const noCap = await update(record({ cap: null, tel_number: "12" }));
    expect(Object.keys(noCap.json().errors).sort()).toEqual(["cap", "tel_number"]);

    const same = await update(
      record({ cf: `tinit-${taxCode("SPSGLI99E52F839").toLowerCase()}`, address: "Via Toledo 1" }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().data.anagrafica).toMatchObject({ address: "Via Toledo 1", cf: taxCode("SPSGLI99E52F839") });
    expect(same.json().data.number_verified_at).not.toBeNull();

    const newPhone = await update(record({ tel_number: "3291112233" }));
    expect(newPhone.json().data.number_verified_at).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "anagrafica.updated"))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.detail).toEqual({ fields: ["address"], phone_verification_reset: false });
  });

  it("creates it once, deriving gender and birthday from the tax code", async () => {
    const { token } = (
      await t.request({ method: "POST", url: "/api/v1/users/register", body: citizenRegistration() })
    ).json().data;
    const id = (await me(token)).hashid;
    const [user] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, (await me(token)).email));
    await t.database.db.delete(anagrafiche).where(eq(anagrafiche.userId, user?.id ?? 0));
    expect((await me(token)).anagrafica).toBeNull();

    const body = record({
      name: "Lara",
      surname: "Bianchi",
      cf: taxCode("BNCLRA70A41H501"),
      gender: null,
      birthday: null,
    });
    // Resident abroad without a tax code: nothing to derive the birthday from.
    const abroad = record({ cf: null, estero: true, birthday: null });
    const noBirthday = await t.request({ method: "POST", url: "/api/v1/users/anagraphic/new", token, body: abroad });
    expect(noBirthday.json().errors).toEqual({ birthday: ["Campo obbligatorio"] });
    const created = await t.request({ method: "POST", url: "/api/v1/users/anagraphic/new", token, body });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      hashid: id,
      anagrafica: { gender: "femminile", birthday: "1970-01-01", name: "Lara" },
    });
    const twice = await t.request({ method: "POST", url: "/api/v1/users/anagraphic/new", token, body });
    expect(twice.statusCode).toBe(409);
  });
});

describe("PUT users/{id} and consents", () => {
  it("changes one's own settings and consents, and answers 404 for anyone else", async () => {
    const token = await t.login(accounts.citizen2);
    const self = await me(token);
    const put = (id: string, body: unknown) => t.request({ method: "PUT", url: `/api/v1/users/${id}`, token, body });

    const updated = await put(self.hashid, { session_timeout_minutes: 15, marketing_consense: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      session_timeout_minutes: 15,
      marketing_consense: false,
      data_consense: true,
      all_consenses: true,
    });
    expect((await put(self.hashid, { session_timeout_minutes: 3 })).statusCode).toBe(422);
    expect((await put(self.hashid, { session_timeout_minutes: 0 })).json().data.session_timeout_minutes).toBe(0);

    const other = (await me(await t.login(accounts.citizen))).hashid;
    expect((await put(other, { session_timeout_minutes: 10 })).statusCode).toBe(404);
    const admin = await t.login(accounts.admin);
    const asAdmin = await t.request({
      method: "PUT",
      url: `/api/v1/users/${other}`,
      token: admin,
      body: { marketing_consense: false },
    });
    expect(asAdmin.statusCode).toBe(404);

    const revoke = await t.request({
      method: "POST",
      url: "/api/v1/users/change/consenses",
      token,
      body: { share_consense: false },
    });
    expect(revoke.json().data).toMatchObject({ share_consense: false, data_consense: true, all_consenses: false });
    const consentAudit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "consents.updated"));
    expect(consentAudit.at(-1)?.detail).toEqual({ share_consense: false });
  });

  it("stores the push token", async () => {
    const token = await t.login(accounts.citizen2);
    const response = await t.request({
      method: "POST",
      url: "/api/v1/users/push/token/",
      token,
      body: { token: "push-endpoint-123", client: "web" },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).push_token).toBe("push-endpoint-123");
  });
});

describe("profile picture", () => {
  it("uses one's own uploaded image, refuses someone else's, and removes it", async () => {
    const token = await t.login(accounts.citizen);
    const other = await t.login(accounts.citizen2);
    const mine = (
      await upload(token, [
        { name: "file", filename: "foto.png", content: tinyPng },
        { name: "destination", value: "profilo" },
      ])
    ).json().data.hashid;
    const theirs = (
      await upload(other, [
        { name: "file", filename: "foto.png", content: tinyPng },
        { name: "destination", value: "profilo" },
      ])
    ).json().data.hashid;
    const set = (resource: string) =>
      t.request({ method: "POST", url: "/api/v1/users/profile/picture", token, body: { resource } });

    expect((await set(theirs)).statusCode).toBe(404);
    expect((await set("kZ3Gx7Qa")).statusCode).toBe(404);
    const pdf = (
      await upload(token, [
        { name: "file", filename: "r.pdf", content: tinyPdf },
        { name: "encrypt", value: "true" },
      ])
    ).json().data.hashid;
    expect((await set(pdf)).statusCode).toBe(422);

    const ok = await set(mine);
    expect(ok.statusCode).toBe(200);
    const picture = ok.json().data.profile_pic;
    expect(picture).toBe(`/api/v1/resources/private/${mine}`);
    expect((await t.request({ method: "GET", url: picture, token })).statusCode).toBe(200);

    const removed = await t.request({ method: "GET", url: "/api/v1/users/profile/picture/delete", token });
    expect(removed.json().data.profile_pic).toBeNull();
    // A removed picture is deleted with its last use (issue 9 §4): a new one is uploaded each time.
    expect((await t.request({ method: "GET", url: picture, token })).statusCode).toBe(404);
    const another = async () =>
      (
        await upload(token, [
          { name: "file", filename: "foto.png", content: tinyPng },
          { name: "destination", value: "profilo" },
        ])
      ).json().data.hashid as string;
    await set(await another());
    const deleted = await t.request({ method: "DELETE", url: "/api/v1/users/profile/picture", token });
    expect(deleted.json().data.profile_pic).toBeNull();

    const third = await another();
    const viaPut = await t.request({
      method: "PUT",
      url: `/api/v1/users/${(await me(token)).hashid}`,
      token,
      body: { resource: third },
    });
    expect(viaPut.json().data.profile_pic).toBe(`/api/v1/resources/private/${third}`);
  });
});

describe("profile deletion", () => {
  it("anonymises the account, removes the personal record and ends every session; sign-in fails", async () => {
    const email = accounts.citizen3;
    const token = await t.login(email);
    const second = await t.login(email);
    const [before] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = before?.id ?? 0;

    const response = await t.request({ method: "GET", url: "/api/v1/users/profile/delete", token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Profilo eliminato" });
    for (const session of [token, second]) {
      expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: session })).statusCode).toBe(401);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: null, username: null, passwordHash: null, pushToken: null });
    expect(row?.deletedAt).not.toBeNull();
    expect(await t.database.db.select().from(anagrafiche).where(eq(anagrafiche.userId, id))).toEqual([]);
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(422);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "profile.deleted"));
    expect(audit.map((a) => a.entityId)).toContain(String(id));
  });

  it("serves DELETE users/profile too", async () => {
    const { token } = (
      await t.request({ method: "POST", url: "/api/v1/users/register", body: citizenRegistration() })
    ).json().data;
    expect((await t.request({ method: "DELETE", url: "/api/v1/users/profile", token })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(401);
  });
});
