import { PASSWORD_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { companies, operators } from "../companies/tables.ts";
import { anagrafiche, users } from "./tables.ts";
import { citizenRegistration, linkIn, outbox, pathOf, taxCode } from "./test-helpers.ts";
import { verificationLink } from "./verification.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const register = (body: unknown) => t.request({ method: "POST", url: "/api/v1/users/register", body });
const VERIFY_LINK = /http:\/\/localhost:\d+\/api\/v1\/email\/verify\/\S+/;

describe("POST users/register", () => {
  it("creates the account, signs it in and sends a verification e-mail whose link verifies once", async () => {
    const body = citizenRegistration({ email: "Nuova.Cittadina@Example.it", anagrafica: undefined });
    body.anagrafica = { ...citizenRegistration().anagrafica, cf: `tinit-${taxCode("VRDNNA90A41F205").toLowerCase()}` };
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json().data;
    expect(user).toMatchObject({
      email: "nuova.cittadina@example.it",
      type: 0,
      i_am: "cittadino",
      email_verified_at: null,
      number_verified_at: null,
      all_consenses: true,
      anagrafica: { name: "Anna", cf: taxCode("VRDNNA90A41F205"), gender: "femminile", birthday: "1990-01-01" },
    });
    expect(response.body).not.toContain(body.password);

    // Signed in, with an unverified e-mail: identity routes work, the rest answers 401 with a code.
    expect((await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).statusCode).toBe(200);
    const elsewhere = await t.request({ method: "GET", url: "/api/v1/users/abcdefgh", token });
    expect(elsewhere.json().code).toBe("email_not_verified");

    const [mail] = await outbox(t, "nuova.cittadina@example.it");
    expect(mail?.subject).toBe("Conferma il tuo indirizzo e-mail");
    const link = linkIn(mail?.text ?? "", VERIFY_LINK);
    const opened = await t.request({ method: "GET", url: pathOf(link) });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe("/email/verify/success");
    const me = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token })).json().data;
    expect(me.email_verified_at).not.toBeNull();

    const again = await t.request({ method: "GET", url: pathOf(link) });
    expect(again.headers.location).toBe("/email/verify/already");

    const tampered = pathOf(link).replace(/\/(\d+)\//, (_, n: string) => `/${Number(n) + 1}/`);
    expect((await t.request({ method: "GET", url: tampered })).headers.location).toBe(
      "/email/verify/invalid?mailtoken=1",
    );
  });

  it("sends an invalid link to the invalid page: bad signature, unknown user, expired", async () => {
    const { user } = (await register(citizenRegistration())).json().data;
    const [mail] = await outbox(t, user.email);
    const path = pathOf(linkIn(mail?.text ?? "", VERIFY_LINK));
    const invalid = "/email/verify/invalid?mailtoken=1";
    const badSignature = `${path.slice(0, -3)}abc`;
    expect((await t.request({ method: "GET", url: badSignature })).headers.location).toBe(invalid);
    expect((await t.request({ method: "GET", url: "/api/v1/email/verify/zzzz/1/x" })).headers.location).toBe(invalid);

    // A link signed with the right key but a past expiry.
    const config = loadConfig({ NODE_ENV: "test" });
    const ctx = { config, ids: createIds(config.hashids) };
    const id = ctx.ids.decode(user.hashid) as number;
    const old = verificationLink(
      ctx as unknown as ModuleContext,
      { id, email: user.email },
      Date.now() - 25 * 3600_000,
    );
    expect((await t.request({ method: "GET", url: pathOf(old) })).headers.location).toBe(invalid);
  });

  it("answers 422 with the spec's messages under each body path", async () => {
    const base = citizenRegistration();
    const response = await register({
      ...base,
      password_confirmation: "Altra-Password-1",
      anagrafica: { ...base.anagrafica, cf: "RSSMRA80A01H501A", birthday: "2020-01-01", tel_number: "12" },
      charge_consense: false,
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors["anagrafica.cf"]).toEqual(["codice fiscale non valido"]);
    expect(errors["anagrafica.birthday"]).toEqual(["L'età minima per la registrazione è 14 anni"]);
    expect(errors["anagrafica.tel_number"]).toEqual(["Il numero di telefono deve contenere almeno 9 cifre."]);
    expect(errors.password_confirmation).toEqual(["Le password non coincidono"]);
    expect(errors.data_consense).toEqual([
      "I termini e le condizioni e l'informativa sulla privacy devono essere accettati per proseguire",
    ]);
    const weak = await register({ ...base, password: "Abc", password_confirmation: "Abc" });
    expect(weak.json().errors.password).toContain("La password deve contenere almeno 9 caratteri");
  });

  it("refuses a common password, with the shared message", async () => {
    const response = await register(
      citizenRegistration({ password: "Password123!", password_confirmation: "Password123!" }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: [PASSWORD_MESSAGES.common] });
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    const response = await register(citizenRegistration({ email: accounts.citizen.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ["Indirizzo e-mail già registrato"] });
  });

  it("accepts only 'nessuno' as project until projects exist", async () => {
    const response = await register(citizenRegistration({ project: "kZ3Gx7Qa" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ project: ["Progetto non valido"] });
  });

  it("lets an operator ask to join a company by its code: pending, as a plain operator", async () => {
    const base = citizenRegistration();
    const [room] = await t.database.db
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.name, "Centrale di Monitoraggio Lazio"));
    const operator = {
      ...base,
      type: 1,
      company_code: room?.code,
      anagrafica: { ...base.anagrafica, cf: null, birthday: null, id_albo: "rm12345" },
    };
    const bad = await register({ ...operator, company_code: "XXX0000000" }); // well formed, no company
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ company_code: ["Codice azienda non valido"] });
    expect((await register({ ...operator, company_code: "123" })).json().errors.company_code).toEqual([
      "Il codice azienda ha 10 caratteri",
    ]);
    const noUser = await t.database.db.select().from(users).where(eq(users.email, base.email));
    expect(noUser).toEqual([]);

    const response = await register(operator);
    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    // Nothing of the company until its administrator enables them (companies/operator-requests.test.ts).
    expect(user).toMatchObject({
      type: 1,
      i_am: "operatore",
      permessi: [],
      company: null,
      operator_status: "pending",
      anagrafica: { id_albo: "RM12345" },
    });
    const [row] = await t.database.db
      .select({ role: operators.role, permissions: operators.permissions, approval: operators.approval })
      .from(operators)
      .innerJoin(users, eq(users.id, operators.userId))
      .where(eq(users.email, base.email));
    expect(row).toEqual({ role: "operatore", permissions: [], approval: "pending" });
  });

  it("stores the tax code normalised and derives the gender from it", async () => {
    const base = citizenRegistration();
    const response = await register({ ...base, anagrafica: { ...base.anagrafica, gender: undefined } });
    const [stored] = await t.database.db
      .select({ cf: anagrafiche.cf, gender: anagrafiche.gender })
      .from(anagrafiche)
      .innerJoin(users, eq(users.id, anagrafiche.userId))
      .where(eq(users.email, response.json().data.user.email));
    expect(stored).toEqual({ cf: taxCode("VRDNNA90A41F205"), gender: "femminile" });
  });
});

describe("POST email/resend", () => {
  it("asks to sign in (400), answers 404 once verified, otherwise sends the mail", async () => {
    const anonymous = await t.request({ method: "POST", url: "/api/v1/email/resend" });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().message).toBe("Effettua l'accesso per richiedere una nuova mail");

    const verified = await t.login(accounts.citizen2);
    const already = await t.request({ method: "POST", url: "/api/v1/email/resend", token: verified });
    expect(already.statusCode).toBe(404);

    const { token, user } = (await register(citizenRegistration())).json().data;
    const before = (await outbox(t, user.email)).length;
    const resent = await t.request({ method: "POST", url: "/api/v1/email/resend", token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: "Mail inviata" });
    expect((await outbox(t, user.email)).length).toBe(before + 1);
  });
});
