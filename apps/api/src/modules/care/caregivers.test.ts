import { CARE_MESSAGES, USER_CODE_ALPHABET, USER_CODE_WRONG_LIMIT } from "@cura/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { reset } from "../../platform/limiter/limiter.ts";
import { companies } from "../companies/tables.ts";
import { type Caller, caller, demoCallers } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { notifications } from "../notifications/tables.ts";
import { companyPatients } from "../patients/tables.ts";
import { caregiverGrant } from "./caregivers.ts";
import { caregiverRelations, userCodes } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
/** A third citizen: the caregivers of these tests are Giuseppe (citizen2) and Giulia (citizen3). */
let citizen3: Caller;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  citizen3 = caller(t, await t.login(accounts.citizen3));
});
afterAll(() => t.close());

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row.id;
}
async function hashidOf(c: Caller): Promise<string> {
  return (await c.get("users/fresh/me")).json().data.hashid;
}
async function codeOf(c: Caller): Promise<string> {
  const response = await c.get("users/own/code");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.code;
}

describe("user code", () => {
  it("is 8 characters without look-alikes, the same all day, valid until 23:59:59 in Rome", async () => {
    const first = (await people.citizen.get("users/own/code")).json().data;
    expect(first.code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
    expect(first.code).not.toMatch(/[01OIL]/);
    const again = (await people.citizen.get("users/own/code")).json().data;
    expect(again).toEqual(first);
    const rome = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Rome",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(new Date(first.expires_at));
    expect(rome).toBe("23:59:59");
    expect(Date.parse(first.expires_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(first.expires_at) - Date.now()).toBeLessThanOrEqual(25 * 3600 * 1000);
  });

  it("is new once the day is over (an expired code names nobody)", async () => {
    const old = await codeOf(citizen3);
    const id = await userId(accounts.citizen3);
    await t.database.db
      .update(userCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userCodes.userId, id));
    const refused = await people.citizen2.call("POST", "users/own/code/validate", { code: old });
    expect(refused.statusCode).toBe(422);
    const fresh = await codeOf(citizen3);
    expect(fresh).not.toBe(old);
  });

  it("validates to the person's name only, or the spec's message", async () => {
    const code = await codeOf(people.citizen);
    const ok = await people.citizen2.call("POST", "users/own/code/validate", { code: code.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ data: { name: "Maria", surname: "Rossi" } });

    const wrong = await people.citizen2.call("POST", "users/own/code/validate", { code: "ZZZZZZZZ" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("Codice utente non associato a nessun utente");
    expect(wrong.json().errors.code).toEqual(["Codice utente non associato a nessun utente"]);

    const short = await people.citizen2.call("POST", "users/own/code/validate", { code: "ABC" });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.code).toEqual([CARE_MESSAGES.codeFormat]);
  });

  it("answers 429 with Retry-After after 10 wrong codes in an hour, even for a right one", async () => {
    const guesser = citizen3;
    const right = await codeOf(people.citizen);
    // Right codes do not count.
    expect((await guesser.call("POST", "users/own/code/validate", { code: right })).statusCode).toBe(200);
    const wrongs = await Promise.all(
      Array.from({ length: USER_CODE_WRONG_LIMIT + 3 }, () =>
        guesser.call("POST", "users/own/code/validate", { code: "YYYYYYYY" }),
      ),
    );
    const statuses = wrongs.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(USER_CODE_WRONG_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const refused = await guesser.call("POST", "users/own/code/validate", { code: right });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    // Inviting with a code counts the same tries.
    expect((await guesser.call("POST", "familymembers/caregiver/invite", { code: right })).statusCode).toBe(429);
    // Another caller is not held back.
    expect((await people.citizen2.call("POST", "users/own/code/validate", { code: right })).statusCode).toBe(200);
    // The hour is over for the rest of this file.
    await reset(t.database.db, `user-code:wrong:${await userId(accounts.citizen3)}`);
  });

  it("is for citizens only", async () => {
    for (const c of [people.pharmacyAdmin, people.admin]) {
      expect((await c.get("users/own/code")).statusCode).toBe(403);
      expect((await c.call("POST", "users/own/code/validate", { code: "ABCDEFGH" })).statusCode).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/v1/users/own/code" })).statusCode).toBe(401);
  });
});

describe("caregiver relation", () => {
  it("goes invite → approve → disable → re-enable, with the health-data consent apart, notifying and auditing", async () => {
    const maria = await userId(accounts.citizen);
    const giuseppe = await userId(accounts.citizen2);
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toBeNull();

    const invited = await people.citizen2.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const relation = invited.json().data;
    expect(relation).toMatchObject({
      status: "pending",
      health_data: false,
      caregiver: { name: "Giuseppe", surname: "Bianchi" },
      assisted: { name: "Maria", surname: "Rossi" },
    });
    expect(invited.json().message).toBe(CARE_MESSAGES.invited);
    // Pending grants nothing.
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toBeNull();

    // Inviting again while pending: 409; inviting oneself: 422.
    const twice = await people.citizen2.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen),
    });
    expect(twice.statusCode).toBe(409);
    const self = await people.citizen2.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen2),
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.code).toEqual([CARE_MESSAGES.ownCode]);

    // Both see it in caregivers/own, on their side.
    const hers = (await people.citizen.get("familymembers/caregivers/own")).json().data;
    expect(hers.caregivers.map((r: { hashid: string }) => r.hashid)).toEqual([relation.hashid]);
    expect(hers.assisted).toEqual([]);
    const his = (await people.citizen2.get("familymembers/caregivers/own")).json().data;
    expect(his.assisted.map((r: { hashid: string }) => r.hashid)).toEqual([relation.hashid]);

    // Only she decides: his approval of his own invitation is a 404.
    const byHim = await people.citizen2.call("POST", "familymembers/caregiver/approve", { hashid: relation.hashid });
    expect(byHim.statusCode).toBe(404);
    expect(
      (await citizen3.call("POST", "familymembers/caregiver/approve", { hashid: relation.hashid })).statusCode,
    ).toBe(404);

    const approved = await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: relation.hashid });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: CARE_MESSAGES.approved, data: { status: "enabled" } });
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toEqual({ enabled: true, healthData: false });
    // Approving twice is out of date: 409.
    expect(
      (await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: relation.hashid })).statusCode,
    ).toBe(409);

    const granted = await people.citizen.call("POST", "familymembers/caregiver/healthdata", {
      hashid: relation.hashid,
      granted: true,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.health_data).toBe(true);
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toEqual({ enabled: true, healthData: true });

    const disabled = await people.citizen.call("POST", "familymembers/caregiver/disapprove", {
      hashid: relation.hashid,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ message: CARE_MESSAGES.disapproved, data: { status: "disabled" } });
    // Disabled: no grant, the health consent with it.
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toEqual({ enabled: false, healthData: false });
    // Granting health data to a disabled caregiver: 409.
    expect(
      (
        await people.citizen.call("POST", "familymembers/caregiver/healthdata", {
          hashid: relation.hashid,
          granted: true,
        })
      ).statusCode,
    ).toBe(409);

    const reEnabled = await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: relation.hashid });
    expect(reEnabled.json().data.status).toBe("enabled");
    const withdrawn = await people.citizen.call("POST", "familymembers/caregiver/healthdata", {
      hashid: relation.hashid,
      granted: false,
    });
    expect(withdrawn.json().data.health_data).toBe(false);
    expect(await caregiverGrant(t.database.db, giuseppe, maria)).toEqual({ enabled: true, healthData: false });

    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "caregiver_relation"));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "caregiver.invited",
        "caregiver.enabled",
        "caregiver.disabled",
        "caregiver.health_data_granted",
        "caregiver.health_data_withdrawn",
      ]),
    );
    const toHim = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, giuseppe));
    expect(toHim.map((n) => n.title)).toEqual(
      expect.arrayContaining([CARE_MESSAGES.approved, CARE_MESSAGES.disapproved]),
    );
    const toHer = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, maria)));
    expect(toHer.map((n) => n.title)).toEqual(
      expect.arrayContaining(["Nuova richiesta di caregiver", CARE_MESSAGES.approved]),
    );
  });

  it("a rejected invitation may be asked again; a disapproved pending one grants nothing", async () => {
    const invited = await citizen3.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen2),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const hashid = invited.json().data.hashid;
    const rejected = await people.citizen2.call("POST", "familymembers/caregiver/disapprove", { hashid });
    expect(rejected.json()).toMatchObject({ message: CARE_MESSAGES.rejected, data: { status: "rejected" } });
    expect(
      await caregiverGrant(t.database.db, await userId(accounts.citizen3), await userId(accounts.citizen2)),
    ).toBeNull();
    // A rejected invitation cannot be approved later by mistake: 409.
    expect((await people.citizen2.call("POST", "familymembers/caregiver/approve", { hashid })).statusCode).toBe(409);
    const again = await citizen3.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen2),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ hashid, status: "pending" });
  });

  it("makes one invitation of parallel ones for the same pair (the pair's unique index), the rest 409", async () => {
    const code = await codeOf(citizen3);
    const sent = await Promise.all(
      Array.from({ length: 5 }, () => people.citizen2.call("POST", "familymembers/caregiver/invite", { code })),
    );
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select({ status: caregiverRelations.status })
      .from(caregiverRelations)
      .where(
        and(
          eq(caregiverRelations.caregiverId, await userId(accounts.citizen2)),
          eq(caregiverRelations.assistedId, await userId(accounts.citizen3)),
        ),
      );
    expect(rows).toEqual([{ status: "pending" }]);
  });

  it("refuses unknown and malformed hashids, and the routes to operators and administrators", async () => {
    expect(
      (await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: "zzzzzzzz" })).statusCode,
    ).toBe(404);
    expect((await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: "" })).statusCode).toBe(422);
    expect(
      (await people.citizen.call("POST", "familymembers/caregiver/healthdata", { hashid: "abc", granted: "yes" }))
        .statusCode,
    ).toBe(422);
    for (const c of [people.pharmacyAdmin, people.admin]) {
      expect((await c.get("familymembers/caregivers/own")).statusCode).toBe(403);
      expect((await c.call("POST", "familymembers/caregiver/invite", { code: "ABCDEFGH" })).statusCode).toBe(403);
      expect((await c.call("POST", "familymembers/caregiver/approve", { hashid: "abc" })).statusCode).toBe(403);
    }
  });
});

describe("a person's caregivers, emergency contacts and card", () => {
  it("serves the person, an enabled caregiver and operators of the person's company; others 404", async () => {
    // Giulia (citizen3) cares for Maria, enabled; Maria is a patient of the pharmacy, not of the room.
    const maria = await userId(accounts.citizen);
    // Giuseppe (citizen2), her caregiver from the tests above, is disabled: another citizen here.
    const own = (await people.citizen.get("familymembers/caregivers/own")).json().data;
    for (const r of own.caregivers.filter((r: { status: string }) => r.status === "enabled")) {
      await people.citizen.call("POST", "familymembers/caregiver/disapprove", { hashid: r.hashid });
    }
    const invited = await citizen3.call("POST", "familymembers/caregiver/invite", {
      code: await codeOf(people.citizen),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const relation = invited.json().data.hashid;
    const [pharmacy] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, "Farmacia San Marco"));
    if (!pharmacy) throw new Error("demo pharmacy");
    await t.database.db
      .insert(companyPatients)
      .values({ companyId: pharmacy.id, userId: maria, origin: "registrazione" })
      .onConflictDoNothing();
    const mariaHashid = await hashidOf(people.citizen);

    // familymembers/members/user/{id} is the patients module's (operators of the person's company).
    const paths = [
      `familymembers/caregivers/user/${mariaHashid}`,
      `users/emergencycontacts/${mariaHashid}`,
      `users/${mariaHashid}`,
    ];
    // Pending: Giulia is nobody yet.
    for (const path of paths) expect((await citizen3.get(path)).statusCode, path).toBe(404);
    await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: relation });

    const readers = {
      maria: people.citizen,
      giulia: citizen3,
      operator: people.pharmacyOperator,
      admin: people.pharmacyAdmin,
    };
    for (const [who, c] of Object.entries(readers)) {
      for (const path of paths) {
        const response = await c.get(path);
        expect(response.statusCode, `${who} ${path} ${response.body}`).toBe(200);
      }
    }
    const caregivers = (await people.pharmacyOperator.get(paths[0] as string)).json().data;
    expect(caregivers.map((r: { caregiver: { name: string } }) => r.caregiver.name)).toContain("Giulia");
    expect(caregivers.every((r: { status: string }) => r.status === "enabled")).toBe(true);

    // The card: name, picture, contacts; nothing else.
    const card = (await citizen3.get(`users/${mariaHashid}`)).json().data;
    expect(Object.keys(card).sort()).toEqual(
      ["email", "hashid", "name", "prefix", "profile_pic", "surname", "tel_number"].sort(),
    );
    expect(card).toMatchObject({ hashid: mariaHashid, name: "Maria", surname: "Rossi", email: accounts.citizen });
    // Herself and an administrator: everything.
    expect((await people.citizen.get(`users/${mariaHashid}`)).json().data.anagrafica.name).toBe("Maria");
    expect((await people.admin.get(`users/${mariaHashid}`)).json().data.anagrafica.name).toBe("Maria");

    // Another citizen, an operator of another company, an administrator on care data: 404.
    for (const c of [people.citizen2, people.roomOperator]) {
      for (const path of paths) expect((await c.get(path)).statusCode, path).toBe(404);
    }
    for (const path of paths.slice(0, 2)) expect((await people.admin.get(path)).statusCode, path).toBe(404);

    // Disabled: 404 again.
    await people.citizen.call("POST", "familymembers/caregiver/disapprove", { hashid: relation });
    for (const path of paths) expect((await citizen3.get(path)).statusCode, path).toBe(404);
  });
});
