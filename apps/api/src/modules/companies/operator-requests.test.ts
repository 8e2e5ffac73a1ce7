import { COMPANY_MESSAGES, OPERATOR_PENDING_CODE, OPERATOR_REFUSED_CODE } from "@cura/domain";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { fillPath, operationsOf } from "../../../test/openapi.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { users } from "../identity/tables.ts";
import { citizenRegistration, NEW_PASSWORD, outbox } from "../identity/test-helpers.ts";
import { companies } from "./tables.ts";
import { type Caller, caller, demoCallers } from "./test-helpers.ts";

/**
 * Issue 9 §2: registering with a company code makes a pending operator, who reaches no company
 * data until an administrator of the company (or of the platform) enables them.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

async function codeOf(name: string): Promise<string> {
  const [row] = await t.database.db.select({ code: companies.code }).from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row.code;
}

/**
 * Registers an operator with the company's code and signs them in. Their e-mail and phone are
 * marked verified, as if they had followed the link and typed the code, so that what stops them is
 * the pending membership and nothing else.
 */
async function applicant(company = "Farmacia San Marco"): Promise<{ email: string; hashid: string; c: Caller }> {
  const base = citizenRegistration();
  const code = await codeOf(company);
  const response = await t.request({
    method: "POST",
    url: "/api/v1/users/register",
    body: {
      ...base,
      type: 1,
      // As a person may type it: lower case, with a dash.
      company_code: `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`,
      anagrafica: { ...base.anagrafica, cf: null, birthday: null, id_albo: "mi12345" },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { hashid } = response.json().data.user;
  await t.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), numberVerifiedAt: new Date() })
    .where(eq(users.email, base.email));
  return { email: base.email, hashid, c: caller(t, await t.login(base.email, NEW_PASSWORD)) };
}

async function lastAudit(action: string) {
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe("a new operator joining by company code", () => {
  it("is pending: signs in, sees no company, and every company route answers 403 with the reason", async () => {
    const { c } = await applicant();
    const me = (await c.get("users/fresh/me")).json().data;
    expect(me).toMatchObject({ type: 1, operator_status: "pending", company: null, my_company: null, permessi: [] });

    const context = await c.get("companies/login/auth");
    expect(context.statusCode).toBe(403);
    expect(context.json()).toMatchObject({
      message: COMPANY_MESSAGES.operatorAwaitingEnabling,
      code: OPERATOR_PENDING_CODE,
    });
    expect((await c.get("companies/own/reservations")).statusCode).toBe(403);
  });

  it("reaches no operator-only GET route of the API (route walk)", async () => {
    const { c } = await applicant();
    const operatorOnly = (await operationsOf(t)).filter(
      (op) => op.method === "GET" && !op.access.public && op.access.types?.includes(1) && !op.access.types.includes(0),
    );
    expect(operatorOnly.length).toBeGreaterThan(20);
    const reached: string[] = [];
    for (const op of operatorOnly) {
      const response = await c.get(fillPath(op.path, () => "kZ3Gx7Qa").replace(/^\/api\/v1\//, ""));
      if (response.statusCode < 300 || response.json().code !== OPERATOR_PENDING_CODE) {
        reached.push(`${op.path} ${response.statusCode}`);
      }
    }
    expect(reached).toEqual([]);
  });

  it("is announced to the company's administrators, in-app, and listed first as pending", async () => {
    const { email, hashid } = await applicant();
    const notifications = (await people.pharmacyAdmin.get("notifications")).json().data as Array<{
      title: string;
      body: string;
    }>;
    const notice = notifications.find((n) => n.body.includes(email));
    expect(notice?.title).toBe("Nuova richiesta di accesso come operatore");
    // Another company's administrator and a plain colleague are not told.
    const roomNotices = (await people.roomAdmin.get("notifications")).json().data as Array<{ body: string }>;
    expect(roomNotices.some((n) => n.body.includes(email))).toBe(false);
    const colleague = (await people.pharmacyOperator.get("notifications")).json().data as Array<{ body: string }>;
    expect(colleague.some((n) => n.body.includes(email))).toBe(false);

    const list = (await people.pharmacyAdmin.get("companies/operators/list")).json().data as Array<{
      hashid: string;
      status: string;
      active: boolean;
    }>;
    expect(list[0]?.status).toBe("pending");
    expect(list.find((o) => o.hashid === hashid)).toMatchObject({ status: "pending", active: false });
    const pendingOnly = (await people.pharmacyAdmin.get("companies/operators/list?status=pending")).json().data;
    expect(pendingOnly.every((o: { status: string }) => o.status === "pending")).toBe(true);
    const enabledOnly = (await people.pharmacyAdmin.get("companies/operators/list?status=enabled")).json().data;
    expect(enabledOnly.some((o: { hashid: string }) => o.hashid === hashid)).toBe(false);
  });
});

describe("enabling and refusing", () => {
  it("an administrator of the company enables them: access at once, an e-mail, an audit entry", async () => {
    const { email, hashid, c } = await applicant();
    // The status toggle is not the way in: it would skip the notice.
    const toggled = await people.pharmacyAdmin.call("POST", `users/change/status/${hashid}`, { status: true });
    expect(toggled.statusCode).toBe(409);
    expect(toggled.json().message).toBe(COMPANY_MESSAGES.operatorPendingStatus);
    expect((await c.get("companies/login/auth")).statusCode).toBe(403);

    const enabled = await people.pharmacyAdmin.call("POST", `companies/operators/${hashid}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({
      message: COMPANY_MESSAGES.operatorEnabled,
      data: { hashid, status: "enabled", active: true },
    });
    // The same session now works.
    const context = await c.get("companies/login/auth");
    expect(context.statusCode).toBe(200);
    expect(context.json().data.company.name).toBe("Farmacia San Marco");
    expect((await c.get("users/fresh/me")).json().data.operator_status).toBe("enabled");

    const [mail] = await outbox(t, email);
    expect(mail?.subject).toBe("Cura: sei stato abilitato come operatore di Farmacia San Marco");
    const entry = await lastAudit("operator.join_enabled");
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(entry).toMatchObject({ entity: "operator", entityId: String(user?.id), actorType: 1 });

    // Decided once: a second decision is a conflict.
    const again = await people.pharmacyAdmin.call("POST", `companies/operators/${hashid}/refuse`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPANY_MESSAGES.operatorNotPending);
  });

  it("a refused one never gets in: the session ends, sign-in says why, and they leave the list", async () => {
    const { email, hashid, c } = await applicant();
    const refused = await people.pharmacyAdmin.call("POST", `companies/operators/${hashid}/refuse`);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      message: COMPANY_MESSAGES.operatorRequestRefused,
      data: { hashid, status: "refused", active: false },
    });

    expect((await c.get("users/fresh/me")).statusCode).toBe(401);
    const login = await t.request({
      method: "POST",
      url: "/api/v1/users/login",
      body: { email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ message: COMPANY_MESSAGES.operatorRefused, code: OPERATOR_REFUSED_CODE });

    const list = (await people.pharmacyAdmin.get("companies/operators/list")).json().data;
    expect(list.some((o: { hashid: string }) => o.hashid === hashid)).toBe(false);
    // Nothing brings them back: not the toggle, not an enabling.
    expect(
      (await people.pharmacyAdmin.call("POST", `users/change/status/${hashid}`, { status: true })).statusCode,
    ).toBe(404);
    expect((await people.pharmacyAdmin.call("POST", `companies/operators/${hashid}/enable`)).statusCode).toBe(404);

    const [mail] = await outbox(t, email);
    expect(mail?.subject).toBe("Cura: richiesta di accesso a Farmacia San Marco non accolta");
    expect((await lastAudit("operator.join_refused"))?.companyId).not.toBeNull();
  });

  it("only the company's administrators ('gestire operatori') or a platform administrator decide", async () => {
    const { hashid, c } = await applicant();
    // A colleague without the permission string, another company's administrator, the applicant.
    expect((await people.pharmacyOperator.call("POST", `companies/operators/${hashid}/enable`)).statusCode).toBe(403);
    expect((await people.roomAdmin.call("POST", `companies/operators/${hashid}/enable`)).statusCode).toBe(404);
    expect((await c.call("POST", `companies/operators/${hashid}/enable`)).statusCode).toBe(403);
    expect((await people.citizen.call("POST", `companies/operators/${hashid}/admin/enable`)).statusCode).toBe(403);
    expect((await people.pharmacyAdmin.call("POST", `companies/operators/${hashid}/admin/enable`)).statusCode).toBe(
      403,
    );
    expect((await c.get("companies/login/auth")).statusCode).toBe(403);

    // The platform administrator sees the request in the company's list and enables it.
    const pharmacy = (await people.pharmacyAdmin.get("users/fresh/me")).json().data.company.hashid;
    const list = (await people.admin.get(`companies/${pharmacy}/operators?status=pending`)).json().data;
    expect(list.some((o: { hashid: string }) => o.hashid === hashid)).toBe(true);
    const enabled = await people.admin.call("POST", `companies/operators/${hashid}/admin/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await c.get("companies/login/auth")).statusCode).toBe(200);
    const entry = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "operator.join_enabled"), eq(auditLog.actorType, 2)));
    expect(entry.length).toBe(1);
    expect((await people.admin.call("POST", "companies/operators/kZ3Gx7Qa/admin/refuse")).statusCode).toBe(404);
  });
});
