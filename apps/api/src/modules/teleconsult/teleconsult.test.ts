import { BOOKING_MESSAGES, ROOM_MESSAGES, TELECONSULT_MESSAGES, teleconsultRoomName } from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf, tinyPng } from "../../../test/files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { signedInRealtime } from "../../../test/realtime-client.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { companySubscriptions } from "../billing/tables.ts";
import { bookingEvents, bookings } from "../bookings/tables.ts";
import { companyServices, healthServices } from "../companies/tables.ts";
import {
  type Caller,
  caller,
  demoCallers,
  nextMonday,
  operatorOf,
  ownCompanyHashid,
} from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { taxCode } from "../identity/test-helpers.ts";
import { notifications } from "../notifications/tables.ts";
import { moduleContext, testIds } from "../notifications/test-helpers.ts";
import { EXPIRY_JOB, expireRequests } from "./expiry.ts";
import { endTeleconsult, recordConnected, teleconsultCall } from "./index.ts";
import { teleconsults } from "./tables.ts";

/**
 * Quick and paediatric teleconsultation (issue 10): routing to a company with an operator on, the
 * switches and their permissions, one open request per citizen and kind, taking charge through
 * bookings' confirm (first wins), moving the start, the 60-minute expiry, the subscription gate.
 */
let t: TestContext;
let c: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  c = await demoCallers(t);
});
afterAll(() => t.close());

const EMERGENCY = "gestire teleconsulto di emergenza";
const PAEDIATRIC = "gestire teleconsulto pediatrico";

const on = (who: Caller, ref: 10 | 11, status = true) =>
  who.call("PATCH", `services/${ref}/operator/status`, { status });
const ask = (who: Caller, kind: string, body: unknown) => who.call("POST", `reservations/${kind}`, body);
const unseenPopups = async (who: Caller) =>
  (await who.get("popupnotifications?unseen=true")).json().data as Array<{ title: string; action: string | null }>;
const idOf = (hashid: string) => testIds.decode(hashid) as number;

describe("paths", () => {
  it("answer 404 for an unknown kind or ref, 403 for the wrong user type", async () => {
    expect((await ask(c.citizen, "altro", { reason: "x" })).statusCode).toBe(404);
    expect((await c.citizen.get("reservations/altro/pending")).statusCode).toBe(404);
    expect(
      (await c.citizen.call("POST", "reservations/altro/followup", { reservation: "abc", reason: "x" })).statusCode,
    ).toBe(404);
    expect((await c.pharmacyAdmin.get("services/12/operator/status")).statusCode).toBe(404);
    expect((await c.pharmacyAdmin.get("services/2/operator/status")).statusCode).toBe(404);
    expect((await ask(c.pharmacyAdmin, "emergenza", { reason: "x" })).statusCode).toBe(403);
    expect((await c.citizen.get("services/10/operator/status")).statusCode).toBe(403);
    expect((await c.citizen.get("teleconsults/admin")).statusCode).toBe(403);
    expect((await c.admin.get("teleconsults/admin")).statusCode).toBe(200);
  });
});

describe("operator switches", () => {
  it("need the service's permission string: without it 403 (no switch)", async () => {
    expect((await c.pharmacyOperator.get("services/10/operator/status")).statusCode).toBe(403);
    expect((await c.pharmacyOperator.get("services/11/operator/status")).statusCode).toBe(403);
    expect((await on(c.pharmacyOperator, 10)).statusCode).toBe(403);
  });

  it("are off at first, switched on and off, and refuse a bad body with 422", async () => {
    const emergencyOnly = await operatorOf(t, await ownCompanyHashid(c.pharmacyAdmin), [EMERGENCY]);
    expect((await emergencyOnly.get("services/10/operator/status")).json().data).toEqual({ active: false });
    expect((await emergencyOnly.get("services/11/operator/status")).statusCode).toBe(403);
    expect((await on(emergencyOnly, 10)).json().data).toEqual({ active: true });
    expect((await emergencyOnly.get("services/10/operator/status")).json().data).toEqual({ active: true });
    const bad = await emergencyOnly.call("PATCH", "services/10/operator/status", { status: "sì" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["status"]);
    expect((await on(emergencyOnly, 10, false)).json().data).toEqual({ active: false });
    const paediatricOnly = await operatorOf(t, await ownCompanyHashid(c.pharmacyAdmin), [PAEDIATRIC]);
    expect((await paediatricOnly.get("services/10/operator/status")).statusCode).toBe(403);
    expect((await paediatricOnly.get("services/11/operator/status")).json().data).toEqual({ active: false });
  });

  it("go off when the session that switched them on ends (logout)", async () => {
    const session = caller(t, await t.login(accounts.pharmacyAdmin));
    expect((await on(session, 10)).json().data).toEqual({ active: true });
    expect((await c.pharmacyAdmin.get("services/10/operator/status")).json().data).toEqual({ active: true });
    expect((await session.get("users/logout?client=web")).statusCode).toBeLessThan(300);
    // The same operator's other session sees it off, and it routes nothing.
    expect((await c.pharmacyAdmin.get("services/10/operator/status")).json().data).toEqual({ active: false });
  });

  it("cannot be switched on at a company not subscribed: 403 'Servizio non attivo'", async () => {
    const roomId = idOf(await ownCompanyHashid(c.roomAdmin));
    await t.database.db.delete(companySubscriptions).where(eq(companySubscriptions.companyId, roomId));
    const res = await on(c.roomAdmin, 11);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Servizio non attivo");
    expect((await c.roomAdmin.get("services/11/operator/status")).json().data).toEqual({ active: false });
    await t.database.db.insert(companySubscriptions).values([
      { companyId: roomId, positionRef: 10, plan: "demo", startDate: "2026-01-01" },
      { companyId: roomId, positionRef: 11, plan: "demo", startDate: "2026-01-01" },
      { companyId: roomId, positionRef: 2, plan: "demo", startDate: "2026-01-01" },
    ]);
  });
});

describe("quick requests", () => {
  it("with nobody on: 409 'Nessun operatore disponibile…', nothing stored", async () => {
    // Giuseppe lives in the province of Rome, where the monitoring room runs refs 10 and 11.
    const before = (await t.database.db.select().from(teleconsults)).length;
    const res = await ask(c.citizen2, "emergenza", { reason: "Febbre alta da ieri" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Nessun operatore disponibile in questo momento. Riprova più tardi.");
    expect((await t.database.db.select().from(teleconsults)).length).toBe(before);
    expect((await c.citizen2.get("reservations/emergenza/pending")).json().data).toEqual({
      has_pending: false,
      reservation: null,
    });
  });

  it("need a reason (422 on reason)", async () => {
    for (const body of [{}, { reason: "   " }]) {
      const res = await ask(c.citizen, "emergenza", body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toEqual([TELECONSULT_MESSAGES.reasonRequired]);
    }
  });

  it("go to the preferred care-circle company with an operator on; one open request per kind (409 with it); popups both ways", async () => {
    expect((await on(c.pharmacyAdmin, 10)).json().data).toEqual({ active: true });
    const created = await ask(c.citizen, "emergenza", { reason: "Dolore al petto da un'ora" });
    expect(created.statusCode).toBe(201);
    const request = created.json().data;
    expect(request).toMatchObject({
      kind: "rapido",
      status: "ricevuto",
      reason: "Dolore al petto da un'ora",
      company: { name: "Farmacia San Marco" },
      service: { name: "Teleconsulto rapido" },
      operator: null,
      start: null,
    });
    const deadline = Date.parse(request.deadline) - Date.parse(request.created_at);
    expect(deadline).toBe(60 * 60_000);

    const pending = (await c.citizen.get("reservations/emergenza/pending")).json().data;
    expect(pending).toMatchObject({
      has_pending: true,
      reservation: {
        hashid: request.hashid,
        status: "ricevuto",
        service: { name: "Teleconsulto rapido" },
        suspended_survey: null,
      },
    });
    // The default kind is emergenza: the paediatric one has nothing pending.
    expect((await c.citizen.get("reservations/tc_pediatrico/pending")).json().data.has_pending).toBe(false);

    const again = await ask(c.citizen, "emergenza", { reason: "Ancora" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TELECONSULT_MESSAGES.pendingExists);
    expect(again.json().data.hashid).toBe(request.hashid);

    // The operator switched on got the popup, whose action leads to the rapido section.
    const popups = await unseenPopups(c.pharmacyAdmin);
    expect(
      popups.some((p) => p.title === "Nuova richiesta di teleconsulto rapido" && p.action?.includes("rapido")),
    ).toBe(true);

    // The queue of the rapido section shows it; the operator without permission gets 403.
    const queue = (await c.pharmacyAdmin.get("teleconsults/company/rapido?open=true")).json();
    expect(queue.data.map((x: { hashid: string }) => x.hashid)).toContain(request.hashid);
    expect(queue.meta.total).toBeGreaterThan(0);
    expect((await c.pharmacyOperator.get("teleconsults/company/rapido")).statusCode).toBe(403);
    expect((await c.roomAdmin.get(`teleconsults/${request.hashid}`)).statusCode).toBe(404);
    expect((await c.citizen2.get(`teleconsults/${request.hashid}`)).statusCode).toBe(404);

    // Taking charge is bookings' confirm: the operator without the permission cannot; two at once, one wins.
    expect((await c.pharmacyOperator.call("POST", `reservations/company/confirm/${request.hashid}`)).statusCode).toBe(
      403,
    );
    const colleague = await operatorOf(t, await ownCompanyHashid(c.pharmacyAdmin), [EMERGENCY]);
    const answers = await Promise.all([
      c.pharmacyAdmin.call("POST", `reservations/company/confirm/${request.hashid}`),
      colleague.call("POST", `reservations/company/confirm/${request.hashid}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? "Ferrari" : "Lombardi";
    const taken = (await c.citizen.get(`teleconsults/${request.hashid}`)).json().data;
    expect(taken).toMatchObject({ status: "confermato", operator: { surname: winner } });
    expect(taken.start).not.toBeNull();
    expect(
      (await unseenPopups(c.citizen)).some((p) => p.title === "Il tuo teleconsulto rapido è stato preso in carico"),
    ).toBe(true);

    // What the room reads: the assigned operator and the window from the start.
    const call = await teleconsultCall(t.database.db, idOf(request.hashid));
    expect(call).toMatchObject({ kind: "rapido", status: "confermato", connectedAt: null, endedAt: null });
    expect(call?.windowStart.toISOString()).toBe(taken.start);
  });

  it("taken in charge, its start moves up to 24 hours ahead by the own company only; the citizen is told", async () => {
    const request = (await c.citizen.get("reservations/emergenza/pending")).json().data.reservation;
    const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const moved = await c.pharmacyAdmin.call("PUT", `reservations/order/tc/update/${request.hashid}`, {
      scheduled_at: at,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.start).toBe(at);
    expect((await unseenPopups(c.citizen)).some((p) => p.title === "Il tuo teleconsulto rapido è stato spostato")).toBe(
      true,
    );
    const tooFar = await c.pharmacyAdmin.call("PUT", `reservations/order/tc/update/${request.hashid}`, {
      scheduled_at: new Date(Date.now() + 25 * 3_600_000).toISOString(),
    });
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().errors.scheduled_at).toEqual([TELECONSULT_MESSAGES.scheduledRange]);
    expect(
      (await c.roomAdmin.call("PUT", `reservations/order/tc/update/${request.hashid}`, { scheduled_at: at }))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.citizen.call("PUT", `reservations/order/tc/update/${request.hashid}`, { scheduled_at: at })).statusCode,
    ).toBe(403);
    expect(
      (await c.pharmacyAdmin.call("PUT", "reservations/order/tc/update/zzzz", { scheduled_at: at })).statusCode,
    ).toBe(404);
  });

  it("end through the room's calls: connected once, ended once (evaso); then a follow-up goes to the same company", async () => {
    const request = (await c.citizen.get("reservations/emergenza/pending")).json().data.reservation;
    const id = idOf(request.hashid);
    const first = new Date();
    expect((await recordConnected(t.database.db, id, first)).toISOString()).toBe(first.toISOString());
    expect((await recordConnected(t.database.db, id, new Date(first.getTime() + 5000))).toISOString()).toBe(
      first.toISOString(),
    );
    expect(await endTeleconsult(t.database.db, id, new Date(), "termina")).toBe(true);
    expect(await endTeleconsult(t.database.db, id, new Date(), "termina")).toBe(false);
    const ended = (await c.citizen.get(`teleconsults/${request.hashid}`)).json().data;
    expect(ended).toMatchObject({ status: "evaso", end_reason: "termina" });
    expect((await c.citizen.get("reservations/emergenza/pending")).json().data.has_pending).toBe(false);
    // Moving an ended one: 409.
    const late = await c.pharmacyAdmin.call("PUT", `reservations/order/tc/update/${request.hashid}`, {
      scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(late.statusCode).toBe(409);

    const followup = await c.citizen.call("POST", "reservations/emergenza/followup", {
      reservation: request.hashid,
      reason: "Il dolore è tornato",
    });
    expect(followup.statusCode).toBe(201);
    expect(followup.json().data).toMatchObject({ company: { name: "Farmacia San Marco" }, status: "ricevuto" });
    // A follow-up of a request that has not ended: 409; of someone else's: 404.
    const open = followup.json().data.hashid;
    expect(
      (await c.citizen.call("POST", "reservations/emergenza/followup", { reservation: open, reason: "x" })).statusCode,
    ).toBe(409);
    expect(
      (await c.citizen2.call("POST", "reservations/emergenza/followup", { reservation: request.hashid, reason: "x" }))
        .statusCode,
    ).toBe(404);
  });

  it("not taken within 60 minutes: the job cancels it and tells the citizen; taking it late is 409", async () => {
    const request = (await c.citizen.get("reservations/emergenza/pending")).json().data.reservation;
    const id = idOf(request.hashid);
    // The test clock: the request was made 61 minutes ago.
    await t.database.db
      .update(teleconsults)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(teleconsults.bookingId, id));
    const late = await c.pharmacyAdmin.call("POST", `reservations/company/confirm/${request.hashid}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TELECONSULT_MESSAGES.expired);
    await t.app.jobs.runNow(EXPIRY_JOB);
    await t.app.jobs.runNow(EXPIRY_JOB);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking?.status).toBe("annullato");
    expect((await c.citizen.get("reservations/emergenza/pending")).json().data.has_pending).toBe(false);
    const notices = (await unseenPopups(c.citizen)).filter(
      (p) => p.title === "Richiesta di teleconsulto rapido annullata",
    );
    expect(notices).toHaveLength(1);
    await on(c.pharmacyAdmin, 10, false);
  });
});

describe("paediatric requests", () => {
  it("need a family member of the paediatric age band (422), another's member is 404; routed like quick ones", async () => {
    expect((await on(c.pharmacyAdmin, 11)).json().data).toEqual({ active: true });
    const member = async (first15: string, age_band: string, name: string) =>
      (
        await c.citizen.call("POST", "familymembers", {
          name,
          surname: "Rossi",
          tax_code: taxCode(first15),
          age_band,
          relationship: "figlio",
          gender: "M",
        })
      ).json().data.hashid as string;
    const child = await member("RSSLCU18A01F205", "pediatrico", "Luca");
    const adult = await member("RSSMRC90A01F205", "adulto", "Marco");
    const self = await ask(c.citizen, "tc_pediatrico", { reason: "Tosse" });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.for_whom).toEqual([TELECONSULT_MESSAGES.paediatricMember]);
    expect(
      (await ask(c.citizen, "tc_pediatrico", { reason: "Tosse", for_whom: adult })).json().errors.for_whom,
    ).toEqual([TELECONSULT_MESSAGES.paediatricMember]);
    expect((await ask(c.citizen2, "tc_pediatrico", { reason: "Tosse", for_whom: child })).statusCode).toBe(404);
    const created = await ask(c.citizen, "tc_pediatrico", { reason: "Tosse e febbre", for_whom: child });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      kind: "pediatrico",
      family_member: { name: "Luca" },
      service: { name: "Teleconsulto pediatrico" },
      company: { name: "Farmacia San Marco" },
    });
    const pending = (await c.citizen.get("reservations/tc_pediatrico/pending")).json().data;
    expect(pending.reservation.service.name).toContain("pediatrico");
    const own = (await c.citizen.get("teleconsults/own")).json();
    expect(own.data[0].hashid).toBe(created.json().data.hashid);
    const popups = await unseenPopups(c.pharmacyAdmin);
    expect(popups.some((p) => p.action?.includes("pediatrico"))).toBe(true);
    await on(c.pharmacyAdmin, 11, false);
  });
});

describe("the subscription gate", () => {
  it("answers 403 'Servizio non attivo' when the only companies with an operator on are not subscribed", async () => {
    const pharmacyId = idOf(await ownCompanyHashid(c.pharmacyAdmin));
    expect((await on(c.pharmacyAdmin, 10)).json().data.active).toBe(true);
    await t.database.db
      .update(companySubscriptions)
      .set({ status: "suspended" })
      .where(eq(companySubscriptions.companyId, pharmacyId));
    const res = await ask(c.citizen, "emergenza", { reason: "Mal di testa" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Servizio non attivo");
    await t.database.db
      .update(companySubscriptions)
      .set({ status: "active" })
      .where(eq(companySubscriptions.companyId, pharmacyId));
    await on(c.pharmacyAdmin, 10, false);
  });
});

describe("attachments of a request", () => {
  async function upload(who: Caller, parts: Parameters<typeof multipart>[0]): Promise<string> {
    const body = multipart(parts);
    const res = await t.request({
      method: "POST",
      url: "/api/v1/resources/public",
      token: who.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hashid as string;
  }
  const png = (who: Caller) =>
    upload(who, [{ name: "file", filename: "eruzione.png", content: tinyPng, type: "image/png" }]);
  const read = (who: Caller, hashid: string) => who.get(`resources/private/${hashid}`);

  it("are the citizen's own uploads (at most 5, each once), read by the citizen and the operator who took the request only", async () => {
    expect((await on(c.pharmacyAdmin, 10)).json().data.active).toBe(true);
    const photo = await png(c.citizen);
    const report = await upload(c.citizen, [
      { name: "file", filename: "referto.pdf", content: tinyPdf, type: "application/pdf" },
      { name: "encrypt", value: "true" },
    ]);
    const others = await png(c.citizen2);
    const nothingStored = async () =>
      expect((await c.citizen.get("reservations/emergenza/pending")).json().data.has_pending).toBe(false);

    // Someone else's upload: 404, nothing asked.
    const foreign = await ask(c.citizen, "emergenza", { reason: "Eruzione cutanea", attachments: [photo, others] });
    expect(foreign.statusCode).toBe(404);
    await nothingStored();
    const tooMany = await ask(c.citizen, "emergenza", {
      reason: "Eruzione cutanea",
      attachments: [photo, report, "a1", "a2", "a3", "a4"],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.attachments).toEqual([TELECONSULT_MESSAGES.attachmentsTooMany]);
    const twice = await ask(c.citizen, "emergenza", { reason: "Eruzione cutanea", attachments: [photo, photo] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.attachments).toEqual([TELECONSULT_MESSAGES.attachmentRepeated]);
    await nothingStored();

    const created = await ask(c.citizen, "emergenza", { reason: "Eruzione cutanea", attachments: [report, photo] });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data;
    expect(request.attachments).toEqual([
      { hashid: report, name: "referto.pdf", full_path: `/api/v1/resources/private/${report}` },
      { hashid: photo, name: "eruzione.png", full_path: `/api/v1/resources/private/${photo}` },
    ]);
    // The queue shows them; before anyone takes the request in charge no operator reads them.
    const queued = (await c.pharmacyAdmin.get("teleconsults/company/rapido?open=true")).json().data;
    expect(queued.find((x: { hashid: string }) => x.hashid === request.hashid).attachments).toHaveLength(2);
    expect((await read(c.pharmacyAdmin, report)).statusCode).toBe(404);

    expect((await c.pharmacyAdmin.call("POST", `reservations/company/confirm/${request.hashid}`)).statusCode).toBe(200);
    const pdf = await read(c.pharmacyAdmin, report);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect((await read(c.pharmacyAdmin, photo)).statusCode).toBe(200);
    expect((await read(c.citizen, photo)).statusCode).toBe(200);
    // Another operator of the company, another company, another citizen: not theirs.
    expect((await read(c.pharmacyOperator, photo)).statusCode).toBe(404);
    expect((await read(c.roomAdmin, photo)).statusCode).toBe(404);
    expect((await read(c.citizen2, photo)).statusCode).toBe(404);
    expect((await c.citizen.get(`teleconsults/${request.hashid}`)).json().data.attachments).toHaveLength(2);
    await endTeleconsult(t.database.db, idOf(request.hashid), new Date(), "termina");
    await on(c.pharmacyAdmin, 10, false);
  });
});

describe("specialist teleconsultations (ref 2) through the wizard's POST reservations", () => {
  let service: string;
  let slots: Array<{ start: string }>;

  it("book a slot of a ref-2 health service as kind teleconsulto, gated by the subscription; the confirming operator is assigned", async () => {
    const created = await c.roomAdmin.call("POST", "healthservices", {
      name: "Televisita cardiologica",
      position_ref: 2,
      slot_minutes: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    service = created.json().data.hashid as string;
    const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "09:00", to: "12:00" }] }));
    expect((await c.roomAdmin.call("POST", `healthservices/own/openings/${service}`, { days })).statusCode).toBe(200);
    const monday = nextMonday();
    slots = (await c.citizen2.get(`healthservices/slots/array/${service}?from=${monday}&to=${monday}`)).json().data
      .days[0].slots as Array<{ start: string }>;
    const start = slots[0]?.start as string;

    // Preferences instead of a slot: 422 on start.
    const withPreferences = await c.citizen2.call("POST", "reservations", {
      kind: "teleconsulto",
      health_service: service,
      no_preference: true,
    });
    expect(withPreferences.statusCode).toBe(422);
    expect(Object.keys(withPreferences.json().errors)).toEqual(["start"]);

    // Not subscribed: 403 'Servizio non attivo', nothing booked.
    const roomId = idOf(await ownCompanyHashid(c.roomAdmin));
    await t.database.db
      .update(companySubscriptions)
      .set({ status: "cancelled" })
      .where(eq(companySubscriptions.companyId, roomId));
    const refused = await c.citizen2.call("POST", "reservations", {
      kind: "teleconsulto",
      health_service: service,
      start,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Servizio non attivo");
    await t.database.db
      .update(companySubscriptions)
      .set({ status: "active" })
      .where(eq(companySubscriptions.companyId, roomId));

    const booked = await c.citizen2.call("POST", "reservations", {
      kind: "teleconsulto",
      health_service: service,
      start,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.kind).toBe("teleconsulto");
    const hashid = booked.json().data.hashid as string;
    const mine = (await c.citizen2.get(`teleconsults/${hashid}`)).json().data;
    expect(mine).toMatchObject({
      kind: "specialistico",
      status: "ricevuto",
      start,
      service: { name: "Televisita cardiologica" },
    });
    expect(
      (await c.roomAdmin.get("teleconsults/company/specialistico"))
        .json()
        .data.map((x: { hashid: string }) => x.hashid),
    ).toContain(hashid);

    // A teleconsultation of a service that is not one: 422 on health_service.
    const wrong = await c.citizen2.call("POST", "reservations", {
      kind: "teleconsulto",
      health_service: (await c.roomAdmin.call("POST", "healthservices", { name: "Prelievo", slot_minutes: 30 })).json()
        .data.hashid,
      start,
    });
    expect([404, 422]).toContain(wrong.statusCode);

    expect((await c.roomAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    const call = await teleconsultCall(t.database.db, idOf(hashid));
    expect(call).toMatchObject({ kind: "specialistico", status: "confermato", operatorId: expect.any(Number) });
    expect(call?.windowStart.getTime()).toBe(Date.parse(start) - 10 * 60_000);
    expect(call?.windowEnd.getTime()).toBe(Date.parse(start) + 30 * 60_000);
  });

  it("are listed for the wizard at companies subscribed to ref 2 on the day only, the care circle first, searchable", async () => {
    type Listed = { hashid: string; name: string; in_circle: boolean; preferred: boolean; company: { name: string } };
    const list = async (query: string) => {
      const res = await c.citizen.get(`teleconsults/specialist/services?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Listed[]; meta: { page: number; per_page: number; total: number } };
    };
    // The demo pharmacy (Maria's preferred company) offers one too, without a ref-2 subscription yet.
    const pharmacyId = idOf(await ownCompanyHashid(c.pharmacyAdmin));
    await t.database.db.insert(companyServices).values({ companyId: pharmacyId, positionRef: 2 });
    const [added] = await t.database.db
      .insert(healthServices)
      .values({ companyId: pharmacyId, name: "Televisita cardiologica in farmacia", positionRef: 2, slotMinutes: 20 })
      .returning({ id: healthServices.id });
    const pharmacyService = testIds.encode(added?.id as number);
    const hashids = async (query = "q=cardiologica") => (await list(query)).data.map((s) => s.hashid);

    expect(await hashids()).toEqual([service]);
    const subscribe = (startDate: string, endDate: string | null, status: "active" | "cancelled" = "active") =>
      t.database.db
        .insert(companySubscriptions)
        .values({ companyId: pharmacyId, positionRef: 2, plan: "demo", startDate, endDate, status });
    const unsubscribe = () =>
      t.database.db
        .delete(companySubscriptions)
        .where(and(eq(companySubscriptions.companyId, pharmacyId), eq(companySubscriptions.positionRef, 2)));
    // Not yet begun, already over, cancelled: still not listed.
    await subscribe("2099-01-01", null);
    await subscribe("2020-01-01", "2020-12-31");
    await subscribe("2020-01-01", null, "cancelled");
    expect(await hashids()).toEqual([service]);

    await subscribe("2026-01-01", null);
    const listed = await list("q=cardiologica");
    expect(listed.meta).toEqual({ page: 1, per_page: 20, total: 2 });
    // Maria's care circle first: the pharmacy, her preferred company.
    expect(listed.data).toEqual([
      {
        hashid: pharmacyService,
        name: "Televisita cardiologica in farmacia",
        slot_minutes: 20,
        price: null,
        company: expect.objectContaining({ hashid: await ownCompanyHashid(c.pharmacyAdmin) }),
        in_circle: true,
        preferred: true,
      },
      expect.objectContaining({ hashid: service, name: "Televisita cardiologica", in_circle: false, preferred: false }),
    ]);
    // Paged with the total of every page; by the company's name; by its town.
    const second = await list("q=cardiologica&per_page=1&page=2");
    expect(second.data.map((s) => s.hashid)).toEqual([service]);
    expect(second.meta.total).toBe(2);
    expect(await hashids(`q=${encodeURIComponent(listed.data[1]?.company.name as string)}&per_page=50`)).toContain(
      service,
    );
    const town = listed.data[0]?.company as unknown as { comune: string };
    expect(await hashids(`q=cardiologica&comune=${encodeURIComponent(town.comune)}`)).toEqual([pharmacyService]);

    // Unsubscribed again, or the platform service off at the company: gone.
    await unsubscribe();
    expect(await hashids()).toEqual([service]);
    await subscribe("2026-01-01", null);
    await t.database.db
      .update(companyServices)
      .set({ active: false })
      .where(and(eq(companyServices.companyId, pharmacyId), eq(companyServices.positionRef, 2)));
    expect(await hashids()).toEqual([service]);
    await unsubscribe();
  });

  const book = async (start: string) => {
    const booked = await c.citizen2.call("POST", "reservations", {
      kind: "teleconsulto",
      health_service: service,
      start,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    return booked.json().data.hashid as string;
  };
  const roomState = async (who: Caller, hashid: string) => (await who.get(`teleconsult/room/${hashid}`)).json().data;
  /** The test clock: the booking's slot moved to start `fromNowMs` from now, 30 minutes long. */
  const slotAt = async (hashid: string, fromNowMs: number) => {
    const startAt = new Date(Date.now() + fromNowMs);
    await t.database.db
      .update(bookings)
      .set({ startAt, endAt: new Date(startAt.getTime() + 30 * 60_000) })
      .where(eq(bookings.id, idOf(hashid)));
  };
  async function joins(who: Caller, hashid: string): Promise<boolean> {
    const client = await signedInRealtime(t.app, who.token);
    client.send({ type: "join", room: teleconsultRoomName(hashid), ref: "j" });
    // The join's answer: joined, or the error refusing it (both carry the ref).
    const answered = () => client.received.find((m) => "ref" in m && m.ref === "j");
    for (let i = 0; i < 250 && !answered(); i++) await new Promise((r) => setTimeout(r, 20));
    client.close();
    return answered()?.type === "joined";
  }

  it("the whole path: booked, confirmed by an operator who runs the call, the room open from 10 minutes before the slot to its end", async () => {
    const hashid = await book(slots[1]?.start as string);
    // Not confirmed yet: the citizen waits, no operator is in the call.
    expect(await roomState(c.citizen2, hashid)).toMatchObject({ role: "citizen", state: "waiting", ice_servers: [] });
    expect((await c.roomOperator.get(`teleconsult/room/${hashid}`)).statusCode).toBe(404);
    expect((await c.roomOperator.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    // Only the confirming operator is the call's operator; another of the company is not in it.
    const operator = await roomState(c.roomOperator, hashid);
    expect(operator).toMatchObject({ role: "operator", state: "waiting", opens_at: isoMinus(slots[1]?.start, 10) });
    expect((await c.roomAdmin.get(`teleconsult/room/${hashid}`)).statusCode).toBe(404);
    expect(await joins(c.roomOperator, hashid)).toBe(false);

    await slotAt(hashid, 11 * 60_000);
    expect((await roomState(c.citizen2, hashid)).state).toBe("waiting");
    await slotAt(hashid, 9 * 60_000);
    expect((await roomState(c.citizen2, hashid)).state).toBe("open");
    expect((await roomState(c.roomOperator, hashid)).state).toBe("open");
    expect(await joins(c.citizen2, hashid)).toBe(true);
    expect(await joins(c.roomOperator, hashid)).toBe(true);
    expect(await joins(c.roomAdmin, hashid)).toBe(false);
    // The slot's end closes it.
    await slotAt(hashid, -31 * 60_000);
    expect((await roomState(c.citizen2, hashid)).state).toBe("ended");
    expect(await joins(c.citizen2, hashid)).toBe(false);
  });

  it("accepted by the citizen after the company proposed another time: the proposing operator runs the call", async () => {
    const hashid = await book(slots[2]?.start as string);
    const proposed = await c.roomOperator.call("PUT", `reservations/date/change/${hashid}`, { start: slots[3]?.start });
    expect(proposed.statusCode, proposed.body).toBe(200);
    // Waiting for the citizen's answer: nobody in the room yet.
    expect((await roomState(c.roomOperator, hashid)).state).toBe("waiting");
    expect((await c.citizen2.get(`reservations/user/confirm/${hashid}`)).statusCode).toBe(200);
    const call = await teleconsultCall(t.database.db, idOf(hashid));
    expect(call).toMatchObject({ status: "confermato", operatorId: expect.any(Number) });
    const operator = await roomState(c.roomOperator, hashid);
    expect(operator).toMatchObject({ role: "operator", state: "waiting", opens_at: isoMinus(slots[3]?.start, 10) });
    expect(operator.parties).toContainEqual({ hashid: operator.me, role: "operator" });
    await slotAt(hashid, 60_000);
    expect(await joins(c.roomOperator, hashid)).toBe(true);
  });
});

describe("the 60-minute expiry job", () => {
  it("cancels every overdue request batch after batch, each once even with two runs at the same time", async () => {
    const companyId = idOf(await ownCompanyHashid(c.pharmacyAdmin));
    const [citizen] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, accounts.citizen2));
    const userId = citizen?.id as number;
    const created = new Date(Date.now() - 61 * 60_000);
    const rows = await t.database.db
      .insert(bookings)
      .values(
        Array.from({ length: 12 }, () => ({
          companyId,
          userId,
          kind: "teleconsulto" as const,
          status: "ricevuto" as const,
        })),
      )
      .returning({ id: bookings.id });
    const ids = rows.map((row) => row.id);
    await t.database.db.insert(teleconsults).values(
      ids.map((bookingId) => ({
        bookingId,
        companyId,
        userId,
        kind: "rapido" as const,
        positionRef: 10,
        reason: "Febbre",
        deadline: new Date(created.getTime() + 60 * 60_000),
        createdAt: created,
      })),
    );
    // Batches of 5 (200 in production): 12 requests need three.
    const runs = await Promise.all([
      expireRequests(moduleContext(t), new Date(), 5),
      expireRequests(moduleContext(t), new Date(), 5),
    ]);
    expect(runs[0] + runs[1]).toBe(12);
    const cancelled = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.id, ids), eq(bookings.status, "annullato")));
    expect(cancelled).toHaveLength(12);
    const events = await t.database.db
      .select({ id: bookingEvents.bookingId })
      .from(bookingEvents)
      .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.action, "teleconsult_expired")));
    expect(events).toHaveLength(12);
    expect(new Set(events.map((e) => e.id)).size).toBe(12);
  });
});

const isoMinus = (iso: string | undefined, minutes: number) =>
  new Date(Date.parse(iso as string) - minutes * 60_000).toISOString();

describe("the citizen withdraws a teleconsultation before its call starts", () => {
  const cancel = (who: Caller, hashid: string, reason = 1) =>
    who.call("POST", `reservations/own/cancel/${hashid}`, { reason });
  const take = (hashid: string) => c.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`);
  const connect = (who: Caller, hashid: string) => who.call("POST", `reservations/company/tc/connected/${hashid}`);
  const endCall = (who: Caller, hashid: string) => who.call("POST", `teleconsult/room/${hashid}/end`);
  const row = async (hashid: string) =>
    (
      await t.database.db
        .select()
        .from(teleconsults)
        .where(eq(teleconsults.bookingId, idOf(hashid)))
    )[0];
  const status = async (hashid: string) =>
    (
      await t.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, idOf(hashid)))
    )[0]?.status;
  /** The popups telling the demo pharmacy's administrator of a withdrawal (read in the table: the unseen list holds 50). */
  const withdrawnPopups = async (kind = "rapido") => {
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, accounts.pharmacyAdmin));
    const rows = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin?.id ?? 0),
          eq(notifications.popup, true),
          eq(notifications.title, `Il cittadino ha annullato il teleconsulto ${kind}`),
          eq(notifications.popupAction, `Apri teleconsulto ${kind}`),
        ),
      );
    return rows.length;
  };
  async function quick(reason: string): Promise<string> {
    const created = await ask(c.citizen, "emergenza", { reason });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.hashid as string;
  }
  /** Taken in charge, its start (the moment it was taken) a minute past on the test clock. */
  async function taken(reason: string): Promise<string> {
    const hashid = await quick(reason);
    expect((await take(hashid)).statusCode).toBe(200);
    await t.database.db
      .update(bookings)
      .set({ startAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, idOf(hashid)));
    return hashid;
  }

  beforeAll(async () => {
    expect((await on(c.pharmacyAdmin, 10)).json().data.active).toBe(true);
    expect((await on(c.pharmacyAdmin, 11)).json().data.active).toBe(true);
  });
  afterAll(async () => {
    await on(c.pharmacyAdmin, 10, false);
    await on(c.pharmacyAdmin, 11, false);
  });

  it("while it waits: cancelled, the request closed (a new one may be asked), audited, no operator told", async () => {
    const before = await withdrawnPopups();
    const hashid = await quick("Mal di testa forte");
    const res = await cancel(c.citizen, hashid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe("annullato");
    expect((await c.citizen.get(`teleconsults/${hashid}`)).json().data).toMatchObject({
      status: "annullato",
      end_reason: "annullato",
      operator: null,
    });
    expect((await row(hashid))?.open).toBe(false);
    expect((await c.citizen.get("reservations/emergenza/pending")).json().data.has_pending).toBe(false);
    // Taking it in charge now is refused: it is over.
    expect((await take(hashid)).statusCode).toBe(409);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "booking"),
          eq(auditLog.entityId, String(idOf(hashid))),
          eq(auditLog.action, "booking.cancel"),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.detail).toMatchObject({ from: "ricevuto", to: "annullato", reason: 1 });
    expect(await withdrawnPopups()).toBe(before);
    // One open request per citizen and kind: this one no longer counts.
    const next = await quick("Mal di testa forte, ancora");
    expect((await cancel(c.citizen, next, 2)).statusCode).toBe(200);
  });

  it("taken in charge, its booking's start already past: still cancelled; the operator who took it gets a popup", async () => {
    const before = await withdrawnPopups();
    const hashid = await taken("Febbre e brividi");
    const res = await cancel(c.citizen, hashid);
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await c.citizen.get(`teleconsults/${hashid}`)).json().data;
    expect(shown).toMatchObject({ status: "annullato", connected_at: null, operator: { surname: "Ferrari" } });
    expect(shown.ended_at).not.toBeNull();
    expect(await withdrawnPopups()).toBe(before + 1);
    // The room is closed: nobody joins, the connection is refused.
    expect((await c.pharmacyAdmin.get(`teleconsult/room/${hashid}`)).json().data.state).toBe("ended");
    const late = await connect(c.pharmacyAdmin, hashid);
    expect(late.statusCode).toBe(409);
    await expect(recordConnected(t.database.db, idOf(hashid), new Date())).rejects.toMatchObject({
      message: ROOM_MESSAGES.closed,
    });
    expect((await row(hashid))?.connectedAt).toBeNull();
  });

  it("a paediatric request likewise, waiting or taken", async () => {
    const open = (await c.citizen.get("reservations/tc_pediatrico/pending")).json().data;
    let hashid = open.reservation?.hashid as string | undefined;
    if (!hashid) {
      const child = (await c.citizen.get("familymembers"))
        .json()
        .data.find((m: { age_band: string }) => m.age_band === "pediatrico");
      const created = await ask(c.citizen, "tc_pediatrico", { reason: "Otite", for_whom: child.hashid });
      expect(created.statusCode, created.body).toBe(201);
      hashid = created.json().data.hashid as string;
    }
    const before = await withdrawnPopups("pediatrico");
    expect((await take(hashid)).statusCode).toBe(200);
    expect((await cancel(c.citizen, hashid, 2)).statusCode).toBe(200);
    expect(await status(hashid)).toBe("annullato");
    expect(await withdrawnPopups("pediatrico")).toBe(before + 1);
    expect((await c.citizen.get("reservations/tc_pediatrico/pending")).json().data.has_pending).toBe(false);
  });

  it("refused once the call connected (409 'già iniziata') or ended (409 'terminata'); someone else's is 404", async () => {
    const hashid = await taken("Dolore addominale");
    expect((await cancel(c.citizen2, hashid)).statusCode).toBe(404);
    expect((await cancel(c.pharmacyAdmin, hashid)).statusCode).toBe(403);
    expect((await connect(c.pharmacyAdmin, hashid)).statusCode).toBe(200);
    const started = await cancel(c.citizen, hashid);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(TELECONSULT_MESSAGES.cancelStarted);
    expect(await status(hashid)).toBe("confermato");
    expect((await endCall(c.pharmacyAdmin, hashid)).statusCode).toBe(200);
    const ended = await cancel(c.citizen, hashid);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(TELECONSULT_MESSAGES.cancelEnded);
    expect(await status(hashid)).toBe("evaso");
  });

  it("racing the operator's take-charge: one consistent outcome each time", async () => {
    for (let round = 0; round < 4; round++) {
      const before = await withdrawnPopups();
      const hashid = await quick(`Capogiri (${round})`);
      const [cancelled, charged] = await Promise.all([cancel(c.citizen, hashid), take(hashid)]);
      // Taken first, it may still be withdrawn; cancelled first, there is nothing to take.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect([200, 409]).toContain(charged.statusCode);
      const after = await row(hashid);
      expect(await status(hashid)).toBe("annullato");
      expect(after).toMatchObject({ open: false, connectedAt: null });
      expect(after?.endedAt).not.toBeNull();
      if (charged.statusCode === 200) {
        expect(after?.operatorId).not.toBeNull();
        expect(await withdrawnPopups()).toBe(before + 1);
      } else {
        expect(after?.operatorId).toBeNull();
        expect(await withdrawnPopups()).toBe(before);
      }
    }
  });

  it("racing the call's connection: the cancel or the connection wins, never both", async () => {
    for (let round = 0; round < 4; round++) {
      const hashid = await taken(`Tosse persistente (${round})`);
      // Every other round the cancel starts a little later: the connection reads the call before it
      // locks the booking, so without a head start it would lose every time on PostgreSQL.
      const later = new Promise((resolve) => setTimeout(resolve, round % 2 === 0 ? 0 : 15));
      const [cancelled, connected] = await Promise.all([
        later.then(() => cancel(c.citizen, hashid)),
        connect(c.pharmacyAdmin, hashid),
      ]);
      expect([cancelled.statusCode, connected.statusCode].sort()).toEqual([200, 409]);
      const after = await row(hashid);
      if (cancelled.statusCode === 200) {
        expect(connected.json().message).toBe(ROOM_MESSAGES.closed);
        expect(await status(hashid)).toBe("annullato");
        expect(after?.connectedAt).toBeNull();
      } else {
        expect(cancelled.json().message).toBe(TELECONSULT_MESSAGES.cancelStarted);
        expect(await status(hashid)).toBe("confermato");
        expect(after?.connectedAt).not.toBeNull();
        expect((await endCall(c.pharmacyAdmin, hashid)).statusCode).toBe(200);
      }
      expect((await c.citizen.get("reservations/emergenza/pending")).json().data.has_pending).toBe(false);
    }
  });

  it("a specialist one keeps the slot's time rule, and none once its call connected", async () => {
    const created = await c.roomAdmin.call("POST", "healthservices", {
      name: "Televisita dermatologica",
      position_ref: 2,
      slot_minutes: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json().data.hashid as string;
    const days = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ from: "14:00", to: "17:00" }] }));
    expect((await c.roomAdmin.call("POST", `healthservices/own/openings/${service}`, { days })).statusCode).toBe(200);
    const monday = nextMonday();
    const slots = (await c.citizen2.get(`healthservices/slots/array/${service}?from=${monday}&to=${monday}`)).json()
      .data.days[0].slots as Array<{ start: string }>;
    const book = async (start: string | undefined) => {
      const booked = await c.citizen2.call("POST", "reservations", {
        kind: "teleconsulto",
        health_service: service,
        start,
      });
      expect(booked.statusCode, booked.body).toBe(201);
      return booked.json().data.hashid as string;
    };
    const slotAt = (hashid: string, fromNowMs: number) => {
      const startAt = new Date(Date.now() + fromNowMs);
      return t.database.db
        .update(bookings)
        .set({ startAt, endAt: new Date(startAt.getTime() + 30 * 60_000) })
        .where(eq(bookings.id, idOf(hashid)));
    };

    // A future slot: cancelled.
    const future = await book(slots[0]?.start);
    expect((await cancel(c.citizen2, future)).statusCode).toBe(200);
    expect((await c.citizen2.get(`teleconsults/${future}`)).json().data.status).toBe("annullato");
    // The slot's time passed: the appointment's rule, as any booking.
    const passed = await book(slots[1]?.start);
    await slotAt(passed, -60_000);
    const late = await cancel(c.citizen2, passed);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BOOKING_MESSAGES.appointmentPassed);
    // Its room opens 10 minutes early: connected before the slot, it cannot be withdrawn either.
    const early = await book(slots[2]?.start);
    expect((await c.roomOperator.call("POST", `reservations/company/confirm/${early}`)).statusCode).toBe(200);
    await slotAt(early, 5 * 60_000);
    expect((await connect(c.roomOperator, early)).statusCode).toBe(200);
    const started = await cancel(c.citizen2, early);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(TELECONSULT_MESSAGES.cancelStarted);
    expect((await endCall(c.roomOperator, early)).statusCode).toBe(200);
  });
});

describe("booking messages of a teleconsultation", () => {
  const write = (who: Caller, hashid: string, body: string) =>
    who.call("POST", `reservations/message/${hashid}`, { body });

  it("are its call's chat: written while it runs, refused once it ended (409, the room chat's words), still read", async () => {
    expect((await on(c.pharmacyAdmin, 10)).json().data.active).toBe(true);
    const created = await ask(c.citizen, "emergenza", { reason: "Pressione alta" });
    expect(created.statusCode, created.body).toBe(201);
    const hashid = created.json().data.hashid as string;
    expect((await c.pharmacyAdmin.call("POST", `reservations/company/confirm/${hashid}`)).statusCode).toBe(200);
    expect((await write(c.citizen, hashid, "Sono pronta")).statusCode).toBe(201);
    expect((await write(c.pharmacyAdmin, hashid, "Arrivo tra un minuto")).statusCode).toBe(201);
    expect((await c.pharmacyAdmin.call("POST", `teleconsult/room/${hashid}/end`)).statusCode).toBe(200);
    for (const who of [c.citizen, c.pharmacyAdmin]) {
      const refused = await write(who, hashid, "Un'ultima domanda");
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ROOM_MESSAGES.ended);
    }
    const read = await c.citizen.get(`reservations/message/${hashid}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((m: { body: string }) => m.body)).toEqual(["Sono pronta", "Arrivo tra un minuto"]);

    // A request withdrawn before anyone took it is over too.
    const withdrawn = (await ask(c.citizen, "emergenza", { reason: "Pressione alta, di nuovo" })).json().data
      .hashid as string;
    expect((await write(c.citizen, withdrawn, "Prima di annullare")).statusCode).toBe(201);
    expect((await c.citizen.call("POST", `reservations/own/cancel/${withdrawn}`, { reason: 1 })).statusCode).toBe(200);
    expect((await write(c.citizen, withdrawn, "Dopo")).statusCode).toBe(409);
    await on(c.pharmacyAdmin, 10, false);
  });
});
