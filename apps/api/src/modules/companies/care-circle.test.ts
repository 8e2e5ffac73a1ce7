import { COMPANY_MESSAGES } from "@cura/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { outbox } from "../identity/test-helpers.ts";
import { companyHashid, demoCallers, ownCompanyHashid } from "./test-helpers.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let pharmacy: string;
let maria: string;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  pharmacy = await ownCompanyHashid(people.pharmacyAdmin);
  maria = (await people.citizen.get("users/fresh/me")).json().data.hashid;
});
afterAll(() => t.close());

type Item = {
  company: { hashid: string; name: string; phone: string | null };
  preferred: boolean;
  openings: { days: unknown[] };
};
const circle = async () => (await people.citizen.get("users/own/circolocura")).json().data as Item[];

describe("care circle (circolocura)", () => {
  it("lists one's providers with contacts and opening hours, the preferred one first", async () => {
    const items = await circle();
    expect(items.map((i) => [i.company.name, i.preferred])).toEqual([
      ["Farmacia San Marco", true],
      ["Poliambulatorio Città Studi", false],
    ]);
    expect(items[0]?.company.phone).toBe("0245678901");
    expect(items[0]?.openings.days).toHaveLength(7);
  });

  it("suggests providers near home that are not in the circle yet", async () => {
    const suggested = (await people.citizen.get("users/own/circolocura?suggestions=true")).json().data as Array<{
      name: string;
      comune: string;
    }>;
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested[0]?.comune).toBe("Milano");
    expect(suggested.map((s) => s.name)).not.toContain("Farmacia San Marco");
    expect(suggested.map((s) => s.name)).not.toContain("Poliambulatorio Città Studi");
  });

  it("adds a provider as preferred (only one stays preferred) and removes it", async () => {
    const brera = await companyHashid(people.citizen, "Farmacia Brera");
    const added = await people.citizen.call("POST", "users/company/relationship", {
      company_id: brera,
      preferred: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(COMPANY_MESSAGES.relationshipAdded);
    expect(added.json().data).toMatchObject({ preferred: true, company: { name: "Farmacia Brera" } });
    const items = await circle();
    expect(items.filter((i) => i.preferred).map((i) => i.company.name)).toEqual(["Farmacia Brera"]);
    // Adding again without the flag keeps it as it is.
    await people.citizen.call("POST", "users/company/relationship", { company_id: brera });
    expect((await circle()).find((i) => i.company.hashid === brera)?.preferred).toBe(true);

    const removed = await people.citizen.call("POST", "users/company/relationship/remove", { company_id: brera });
    expect(removed.json().message).toBe(COMPANY_MESSAGES.relationshipRemoved);
    expect(
      (await people.citizen.call("POST", "users/company/relationship/remove", { company_id: brera })).statusCode,
    ).toBe(404);
    expect(
      (await people.citizen.call("POST", "users/company/relationship", { company_id: "kZ3Gx7Qa" })).statusCode,
    ).toBe(404);
  });

  it("is the citizen's: operators and administrators cannot change one", async () => {
    expect((await people.pharmacyOperator.get("users/own/circolocura")).statusCode).toBe(403);
    expect(
      (await people.pharmacyOperator.call("POST", "users/company/relationship", { company_id: pharmacy })).statusCode,
    ).toBe(403);
    expect(
      (await people.admin.call("POST", "users/company/relationship/remove", { company_id: pharmacy })).statusCode,
    ).toBe(403);
  });
});

describe("a patient's care circle, for operators", () => {
  it("is shown to the operators of a company in it, and to no one else", async () => {
    const seen = await people.pharmacyOperator.get(`users/patient/circolocura/${maria}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.map((i: Item) => i.company.name)).toContain("Farmacia San Marco");
    expect((await people.roomOperator.get(`users/patient/circolocura/${maria}`)).statusCode).toBe(404);
    expect((await people.citizen2.get(`users/patient/circolocura/${maria}`)).statusCode).toBe(403);

    await people.citizen.call("POST", "users/company/relationship/remove", { company_id: pharmacy });
    expect((await people.pharmacyOperator.get(`users/patient/circolocura/${maria}`)).statusCode).toBe(404);
    await people.citizen.call("POST", "users/company/relationship", { company_id: pharmacy, preferred: true });
  });
});

describe("doctor invitation", () => {
  it("keeps the invitation and e-mails the doctor when an address is given", async () => {
    const email = "dott.verdi@example.it";
    const invited = await people.citizen.call("POST", "users/contatti/privati/medico/invito", {
      name: "Luca",
      surname: "Verdi",
      city: "Milano",
      email,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({
      message: COMPANY_MESSAGES.doctorInvited,
      data: { surname: "Verdi", emailed: true },
    });
    const [mail] = await outbox(t, email);
    expect(mail?.subject).toContain("Maria Rossi");

    const noEmail = await people.citizen.call("POST", "users/contatti/privati/medico/invito", {
      name: "Anna",
      surname: "Neri",
      city: "Milano",
    });
    expect(noEmail.json().data.emailed).toBe(false);
    const missing = await people.citizen.call("POST", "users/contatti/privati/medico/invito", {
      name: "Anna",
      surname: "Neri",
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["city"]);
    expect(
      (
        await people.pharmacyOperator.call("POST", "users/contatti/privati/medico/invito", {
          name: "A",
          surname: "B",
          city: "C",
        })
      ).statusCode,
    ).toBe(403);
  });
});
