import { ADMIN_USERS_COUNT_CAP, ADMIN_USERS_MESSAGES } from "@cura/domain";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { anagrafiche, users } from "../../identity/tables.ts";

/**
 * The users page's search (trigram indexes, identity/tables.ts) and its bounded count: what each
 * field finds, LIKE's wildcards taken literally, and the count that stops at ADMIN_USERS_COUNT_CAP.
 */
let t: TestContext;
let admin: string;
let maria: { hashid: string; email: string; anagrafica: { name: string; surname: string; cf: string } };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(accounts.admin);
  const citizen = await t.login(accounts.citizen);
  maria = (await t.request({ method: "GET", url: "/api/v1/users/fresh/me", token: citizen })).json().data;
});
afterAll(() => t.close());

const list = (query: string) => t.request({ method: "GET", url: `/api/v1/users/registrati?${query}`, token: admin });
const found = async (q: string) => {
  const response = await list(`q=${encodeURIComponent(q)}&per_page=100`);
  expect(response.statusCode, q).toBe(200);
  return (response.json().data as { hashid: string }[]).map((u) => u.hashid);
};

describe("GET users/registrati?q=", () => {
  it("finds the person by name, surname, both in either order, tax code and e-mail, in any case", async () => {
    const { name, surname, cf } = maria.anagrafica;
    const local = maria.email.slice(0, maria.email.indexOf("@"));
    for (const q of [
      name.toLowerCase(),
      surname.toUpperCase(),
      `${name} ${surname}`,
      `${surname} ${name}`.toLowerCase(),
      cf,
      cf.slice(3, 11).toLowerCase(),
      maria.email.toUpperCase(),
      local.slice(1),
    ]) {
      expect(await found(q), q).toContain(maria.hashid);
    }
    // Not across the parts of the record: the end of the name with the tax code is no match.
    expect(await found(`${surname} ${cf.slice(0, 4)}`)).not.toContain(maria.hashid);
  });

  it("takes % and _ literally", async () => {
    expect(await found("%%%")).toEqual([]);
    expect(await found("___")).toEqual([]);
    expect(await found(`${maria.anagrafica.surname.slice(0, 2)}%${maria.anagrafica.surname.slice(3)}`)).toEqual([]);
    // A real underscore in an e-mail is found as itself.
    await t.database.db.execute(
      sql`update users set email = 'maria_rossi.prova@example.test' where email = ${maria.email}`,
    );
    expect(await found("a_r")).toEqual([maria.hashid]);
    await t.database.db.execute(
      sql`update users set email = ${maria.email} where email = 'maria_rossi.prova@example.test'`,
    );
  });

  it("asks for 3 characters or more (422 on q), and an empty q lists everyone", async () => {
    const short = await list("q=ro");
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ q: [ADMIN_USERS_MESSAGES.searchTooShort] });
    const empty = await list("q=");
    expect(empty.statusCode).toBe(200);
    expect(empty.json().meta.total).toBe((await list("")).json().meta.total);
  });
});

describe("the count of the users page", () => {
  it("is exact up to the cap, then says more than the cap, and the pages up to it still answer", async () => {
    const exact = (await list("")).json().meta;
    expect(exact.total_capped).toBe(false);
    const before = exact.total as number;
    // Enough accounts to pass the cap, set-based as a large installation's would be.
    await t.database.db.execute(sql`
      with made as (
        insert into users (email, type, i_am)
        select 'massa.' || g || '@example.test', 0, 'cittadino' from generate_series(1, ${ADMIN_USERS_COUNT_CAP}) g
        returning id, email
      )
      insert into anagrafiche (user_id, name, surname)
      select id, 'Massimo', 'Molti' from made`);
    const capped = (await list("per_page=20")).json().meta;
    expect(capped).toEqual({ page: 1, per_page: 20, total: ADMIN_USERS_COUNT_CAP, total_capped: true });
    // A filter under the cap is counted exactly.
    expect((await list(`q=${encodeURIComponent(maria.anagrafica.cf)}`)).json().meta).toMatchObject({
      total: 1,
      total_capped: false,
    });
    expect((await list("type=2")).json().meta.total_capped).toBe(false);
    // The last page the pager offers still lists accounts (the oldest of the first cap).
    const last = (await list(`per_page=20&page=${ADMIN_USERS_COUNT_CAP / 20}`)).json();
    expect(last.data).toHaveLength(20);
    expect(before).toBeLessThan(ADMIN_USERS_COUNT_CAP);
  });

  it("a text many accounts contain: the same pages, in the same order, and the same count", async () => {
    // The accounts above (every one a "Molti", the cap's worth of them), as the database lists them.
    const molti = async (order: "desc" | "asc", offset: number, limit: number) => {
      const rows = await t.database.db
        .select({ email: users.email })
        .from(users)
        .innerJoin(anagrafiche, eq(anagrafiche.userId, users.id))
        .where(and(eq(anagrafiche.surname, "Molti"), isNull(users.deletedAt)))
        .orderBy(order === "desc" ? desc(users.id) : asc(users.id))
        .offset(offset)
        .limit(limit);
      return rows.map((r) => r.email);
    };
    const page = async (query: string) => {
      const response = await list(`q=molti&${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json() as { data: { email: string }[]; meta: { total: number; total_capped: boolean } };
    };
    // Some of the newest gone: a page skips them.
    await t.database.db.execute(sql`
      update users set deleted_at = now() where id in (
        select u.id from users u join anagrafiche a on a.user_id = u.id where a.surname = 'Molti' order by u.id desc limit 3)`);
    for (const [query, order, offset, limit] of [
      ["per_page=20", "desc", 0, 20],
      ["per_page=50&page=3", "desc", 100, 50],
      ["per_page=20&sort=oldest&page=2", "asc", 20, 20],
      // Deeper than the first try reads (the newest 1,000 accounts): the trigram indexes answer.
      ["per_page=100&page=40", "desc", 3900, 100],
    ] as const) {
      expect(
        (await page(query)).data.map((u) => u.email),
        query,
      ).toEqual(await molti(order, offset, limit));
    }
    const live = ADMIN_USERS_COUNT_CAP - 3;
    expect((await page("per_page=20")).meta).toMatchObject({ total: live, total_capped: false });
    // An account found by its record and by its e-mail is counted once.
    await t.database.db.execute(sql`
      update users set email = 'molti.doppio@example.test' where id = (
        select u.id from users u join anagrafiche a on a.user_id = u.id
        where a.surname = 'Molti' and u.deleted_at is null order by u.id limit 1)`);
    expect((await page("per_page=20")).meta).toMatchObject({ total: live, total_capped: false });
    // Accounts found only by their e-mail are added, up to the cap and past it.
    await t.database.db.execute(sql`
      with made as (
        insert into users (email, type, i_am)
        select 'pochi.molti.' || g || '@example.test', 0, 'cittadino' from generate_series(1, 3) g returning id
      )
      insert into anagrafiche (user_id, name, surname) select id, 'Paolo', 'Pochi' from made`);
    expect((await page("per_page=20")).meta).toMatchObject({ total: ADMIN_USERS_COUNT_CAP, total_capped: false });
    await t.database.db.execute(sql`
      with made as (
        insert into users (email, type, i_am) values ('ancora.molti@example.test', 0, 'cittadino') returning id
      )
      insert into anagrafiche (user_id, name, surname) select id, 'Anna', 'Ancora' from made`);
    expect((await page("per_page=20")).meta).toMatchObject({ total: ADMIN_USERS_COUNT_CAP, total_capped: true });
    // The newest of them lead the first page.
    expect((await page("per_page=2")).data.map((u) => u.email)).toEqual([
      "ancora.molti@example.test",
      "pochi.molti.3@example.test",
    ]);
  });
});
