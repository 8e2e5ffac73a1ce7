import { OPERATOR_PERMISSIONS } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { companyHashid, demoCallers, operatorOf, ownCompanyHashid } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

describe("GET companies/login/auth and farmacia/auth", () => {
  it("give an operator their company, role, permission strings and active services", async () => {
    const response = await people.pharmacyOperator.get("companies/login/auth");
    expect(response.statusCode, response.body).toBe(200);
    const context = response.json().data;
    expect(context.company).toMatchObject({
      hashid: await ownCompanyHashid(people.pharmacyOperator),
      name: "Farmacia San Marco",
      type: "farmacia",
      level: 1,
    });
    expect(context.company.active_services.map((s: { position_ref: number }) => s.position_ref)).toContain(1);
    expect(context.permessi).toEqual([]);
    const admin = (await people.pharmacyAdmin.get("farmacia/auth")).json().data;
    expect(admin.permessi).toContain(OPERATOR_PERMISSIONS.manageOperators);
    const room = (await people.roomAdmin.get("companies/login/auth")).json().data;
    expect(room.company).toMatchObject({ type: "centrale", level: 5 });
  });

  it("farmacia/auth is refused to operators of other kinds of company", async () => {
    expect((await people.roomAdmin.get("farmacia/auth")).statusCode).toBe(403);
    const clinic = await operatorOf(t, await companyHashid(people.citizen, "Poliambulatorio Città Studi"));
    expect((await clinic.get("farmacia/auth")).statusCode).toBe(403);
    expect((await clinic.get("companies/login/auth")).json().data.company.type).toBe("poliambulatorio");
  });

  it("both are refused to citizens, administrators and anonymous callers", async () => {
    for (const path of ["companies/login/auth", "farmacia/auth"]) {
      expect((await people.citizen.get(path)).statusCode).toBe(403);
      expect((await people.admin.get(path)).statusCode).toBe(403);
      expect((await t.request({ method: "GET", url: `/api/v1/${path}` })).statusCode).toBe(401);
    }
  });
});

describe("GET services/own/openings/{hash}", () => {
  it("reads a platform service's own hours, and the company's once they are cleared", async () => {
    const services = (await people.pharmacyAdmin.get("services/own/check")).json().data as Array<{
      hashid: string;
      position_ref: number;
    }>;
    const bookings = services.find((s) => s.position_ref === 1);
    if (!bookings) throw new Error("no bookings service");
    const days = [{ weekday: 2, ranges: [{ from: "09:00", to: "12:00" }] }];
    const set = await people.pharmacyAdmin.call("POST", `services/own/openings/${bookings.hashid}`, { days });
    expect(set.statusCode, set.body).toBe(200);
    const own = await people.pharmacyOperator.get(`services/own/openings/${bookings.hashid}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.inherited).toBe(false);
    expect(own.json().data.days[1].ranges).toEqual([{ from: "09:00", to: "12:00" }]);
    expect(own.json().data.days[0].ranges).toEqual([]);
    await people.pharmacyAdmin.call("POST", `services/own/openings/${bookings.hashid}`, { days: [] });
    const cleared = (await people.pharmacyAdmin.get(`services/own/openings/${bookings.hashid}`)).json().data;
    expect(cleared.inherited).toBe(true);
    expect(cleared.days).toHaveLength(7);
  });

  it("answers 404 for a service the company does not run or an unknown one; refuses non-operators", async () => {
    const own = new Set(
      ((await people.pharmacyAdmin.get("services/own/check")).json().data as Array<{ hashid: string }>).map(
        (s) => s.hashid,
      ),
    );
    const roomServices = (await people.roomAdmin.get("services/own/check")).json().data as Array<{ hashid: string }>;
    const notRun = roomServices.find((s) => !own.has(s.hashid));
    if (notRun) expect((await people.pharmacyAdmin.get(`services/own/openings/${notRun.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get("services/own/openings/zzzzzzzz")).statusCode).toBe(404);
    const any = [...own][0];
    expect((await people.citizen.get(`services/own/openings/${any}`)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/v1/services/own/openings/${any}` })).statusCode).toBe(401);
  });
});
