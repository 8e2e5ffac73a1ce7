import { createHash } from "node:crypto";
import { DOCUMENT_MESSAGES } from "@cura/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { release, reserve } from "../../platform/limiter/limiter.ts";
import { outboxMessages } from "../../platform/messaging/tables.ts";
import { bookings } from "../bookings/tables.ts";
import { healthServices } from "../companies/tables.ts";
import { type Caller, caller, demoCallers, ownCompanyHashid } from "../companies/test-helpers.ts";
import { users } from "../identity/tables.ts";
import { unsignedDocumentCount } from "./read-models.ts";
import { pdfPagesText, pdfsig } from "./test-helpers.ts";

/** Documents to be signed (spec 002 §3, issue 10): templates, assignment, opening, signing, PDFs. */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
let citizen3: Caller;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
let pharmacyId: number;
let roomId: number;
/** Maria Rossi's reservation at Farmacia San Marco; the same citizen's at the monitoring room. */
let reservation: string;
let otherCompanyReservation: string;
let consentTemplate: string;

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** A reservation as POST reservations leaves it, written directly: these tests are about its documents. */
async function book(companyId: number, email: string): Promise<string> {
  const [service] = await t.database.db
    .select({ id: healthServices.id })
    .from(healthServices)
    .where(eq(healthServices.companyId, companyId))
    .limit(1);
  const start = new Date(Date.now() + 3 * 24 * 3600_000);
  const [row] = await t.database.db
    .insert(bookings)
    .values({
      companyId,
      healthServiceId: service?.id ?? null,
      userId: await userId(email),
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      status: "confermato",
    })
    .returning({ id: bookings.id });
  return ids.encode((row as { id: number }).id);
}

/** A document created from the consent template and assigned to `reservationHashid`. */
async function assigned(reservationHashid = reservation, html = "<p>Acconsento alla televisita.</p>"): Promise<string> {
  const created = await people.pharmacyOperator.call("POST", "tobesigneddocuments", {
    document_template_hashid: consentTemplate,
    html_content: html,
  });
  expect(created.statusCode, created.body).toBe(201);
  const hashid = created.json().data.hashid as string;
  const done = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
    document_hashids: [hashid],
    reservation_hashid: reservationHashid,
  });
  expect(done.statusCode, done.body).toBe(200);
  return hashid;
}

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  citizen3 = caller(t, await t.login(accounts.citizen3));
  pharmacyId = ids.decode(await ownCompanyHashid(people.pharmacyAdmin)) as number;
  roomId = ids.decode(await ownCompanyHashid(people.roomAdmin)) as number;
  reservation = await book(pharmacyId, accounts.citizen);
  otherCompanyReservation = await book(roomId, accounts.citizen);
  const list = (await people.pharmacyOperator.get("companies/own/documenttemplates")).json();
  consentTemplate = list.data.find((x: { name: string }) => x.name === "Consenso informato alla televisita").hashid;
});
afterAll(() => t.close());

describe("GET/POST/PUT companies/own/documenttemplates", () => {
  it("lists the company's own templates, paged; citizens are refused", async () => {
    const res = await people.pharmacyOperator.get("companies/own/documenttemplates?per_page=1");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(body.data[0].name).toBe("Consenso informato alla televisita");
    const room = (await people.roomAdmin.get("companies/own/documenttemplates")).json().data;
    expect(room.map((x: { hashid: string }) => x.hashid)).not.toContain(consentTemplate);
    expect((await people.citizen.get("companies/own/documenttemplates")).statusCode).toBe(403);
  });

  it("creates and edits a template with the HTML reduced to the allowed tags", async () => {
    const created = await people.pharmacyOperator.call("POST", "companies/own/documenttemplates", {
      name: "Liberatoria",
      html_content:
        '<h2 onclick="x()">Liberatoria</h2><script>alert(1)</script><p style="color:red">Testo <a href="https://evil.example">link</a></p><img src="x" onerror="y()">',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json().data;
    expect(template.html_content).toBe("<h2>Liberatoria</h2><p>Testo link</p>");
    const edited = await people.pharmacyOperator.call("PUT", `companies/own/documenttemplates/${template.hashid}`, {
      name: "Liberatoria 2",
      html_content: "<p>Nuovo testo</p>",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: "Liberatoria 2", html_content: "<p>Nuovo testo</p>" });
    // Another company's template is answered as one that does not exist.
    const foreign = await people.roomAdmin.call("PUT", `companies/own/documenttemplates/${template.hashid}`, {
      name: "X",
      html_content: "<p>X</p>",
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses HTML with no allowed text, and a missing name, with 422 on the field", async () => {
    const empty = await people.pharmacyOperator.call("POST", "companies/own/documenttemplates", {
      name: "Vuoto",
      html_content: "<script>alert(1)</script><img src=x>",
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.html_content).toEqual([DOCUMENT_MESSAGES.htmlEmpty]);
    const noName = await people.pharmacyOperator.call("POST", "companies/own/documenttemplates", {
      html_content: "<p>x</p>",
    });
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors)).toEqual(["name"]);
    const tooLong = await people.pharmacyOperator.call("POST", "companies/own/documenttemplates", {
      name: "Lungo",
      html_content: `<p>${"a".repeat(100_001)}</p>`,
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.html_content).toEqual([DOCUMENT_MESSAGES.htmlTooLong]);
  });
});

describe("POST tobesigneddocuments and assign-to-reservation", () => {
  it("creates an unassigned document from the company's template with the edited text", async () => {
    const res = await people.pharmacyOperator.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
      html_content: "<p>Testo <em>modificato</em></p><iframe src=x></iframe>",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "Consenso informato alla televisita",
      status: "non_assegnato",
      reservation_hashid: null,
      html_content: "<p>Testo <em>modificato</em></p>",
      can_sign: false,
    });
    // Another company's template: 404; no text: 422; citizens: 403.
    const foreign = await people.roomAdmin.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
      html_content: "<p>x</p>",
    });
    expect(foreign.statusCode).toBe(404);
    const noText = await people.pharmacyOperator.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
    });
    expect(noText.statusCode).toBe(422);
    expect(noText.json().errors.html_content).toBeDefined();
    const citizen = await people.citizen.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
      html_content: "<p>x</p>",
    });
    expect(citizen.statusCode).toBe(403);
  });

  it("assigns only to the company's own reservations and only its own documents", async () => {
    const created = await people.pharmacyOperator.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
      html_content: "<p>x</p>",
    });
    const doc = created.json().data.hashid;
    // Another company's reservation is a 404, and the document stays unassigned.
    const foreign = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [doc],
      reservation_hashid: otherCompanyReservation,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(DOCUMENT_MESSAGES.reservationNotFound);
    // Another company's operator cannot assign this company's document to their own reservation.
    const theirs = await people.roomAdmin.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [doc],
      reservation_hashid: otherCompanyReservation,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await people.pharmacyOperator.get(`tobesigneddocuments/${doc}`)).json().data.status).toBe("non_assegnato");

    const ok = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [doc],
      reservation_hashid: reservation,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The answer holds the documents the request named, and only those.
    expect(ok.json().data).toHaveLength(1);
    expect(ok.json().data[0]).toMatchObject({ hashid: doc, status: "da_firmare", reservation_hashid: reservation });
    // Again to the same reservation: nothing changes; to another one: 409.
    const again = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [doc],
      reservation_hashid: reservation,
    });
    expect(again.statusCode).toBe(200);
    const second = await book(pharmacyId, accounts.citizen);
    const elsewhere = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [doc],
      reservation_hashid: second,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(DOCUMENT_MESSAGES.assignedElsewhere);
    const empty = await people.pharmacyOperator.call("POST", "tobesigneddocuments/assign-to-reservation", {
      document_hashids: [],
      reservation_hashid: second,
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe("GET tobesigneddocuments/reservation/{id} and GET tobesigneddocuments/{id}", () => {
  it("shows a reservation's documents to its company and its citizen only", async () => {
    const booking = await book(pharmacyId, accounts.citizen);
    const doc = await assigned(booking);
    for (const who of [people.pharmacyOperator, people.citizen]) {
      const res = await who.get(`tobesigneddocuments/reservation/${booking}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.total).toBe(1);
      expect(res.json().data[0].hashid).toBe(doc);
    }
    expect((await people.citizen.get(`tobesigneddocuments/reservation/${booking}`)).json().data[0].can_sign).toBe(true);
    for (const who of [people.roomAdmin, people.citizen2]) {
      expect((await who.get(`tobesigneddocuments/reservation/${booking}`)).statusCode).toBe(404);
      expect((await who.get(`tobesigneddocuments/${doc}`)).statusCode).toBe(404);
      expect((await who.get(`tobesigneddocuments/${doc}/pdf`)).statusCode).toBe(404);
    }
    expect((await people.admin.get(`tobesigneddocuments/reservation/${booking}`)).statusCode).toBe(403);
    expect((await people.citizen.get("tobesigneddocuments/reservation/zzzzzzzz")).statusCode).toBe(404);
  });

  it("records the signer's first opening, not the operator's", async () => {
    const doc = await assigned();
    expect((await people.pharmacyOperator.get(`tobesigneddocuments/${doc}`)).json().data.opened_at).toBeNull();
    const first = (await people.citizen.get(`tobesigneddocuments/${doc}`)).json().data;
    expect(first.opened_at).not.toBeNull();
    expect(first.html_content).toBe("<p>Acconsento alla televisita.</p>");
    const later = (await people.citizen.get(`tobesigneddocuments/${doc}`)).json().data;
    expect(later.opened_at).toBe(first.opened_at);
  });

  it("does not show an unassigned document to any citizen", async () => {
    const created = await people.pharmacyOperator.call("POST", "tobesigneddocuments", {
      document_template_hashid: consentTemplate,
      html_content: "<p>x</p>",
    });
    expect((await people.citizen.get(`tobesigneddocuments/${created.json().data.hashid}`)).statusCode).toBe(404);
  });
});

describe("POST tobesigneddocuments/{id}/sign", () => {
  it("is refused before opening (409), to operators (403), to other citizens (404), without confirm (422)", async () => {
    const doc = await assigned();
    const notOpened = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(notOpened.statusCode).toBe(409);
    expect(notOpened.json().message).toBe(DOCUMENT_MESSAGES.notOpened);
    expect(
      (await people.pharmacyOperator.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true })).statusCode,
    ).toBe(403);
    expect((await people.citizen2.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true })).statusCode).toBe(
      404,
    );
    await people.citizen.get(`tobesigneddocuments/${doc}`);
    const unconfirmed = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: false });
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().errors.confirm).toEqual([DOCUMENT_MESSAGES.confirmRequired]);
    expect((await people.citizen.get(`tobesigneddocuments/${doc}`)).json().data.status).toBe("da_firmare");
  });

  it("seals the PDF with the audit page, e-mails it, and cannot be signed again or deleted", async () => {
    const booking = await book(pharmacyId, accounts.citizen);
    const doc = await assigned(booking, "<h2>Consenso</h2><p>Acconsento alla televisita.</p>");
    const bookingId = ids.decode(booking) as number;
    expect(await unsignedDocumentCount(t.database.db, bookingId)).toBe(1);
    expect((await people.citizen.get(`tobesigneddocuments/${doc}/signed-pdf`)).statusCode).toBe(404);
    const unsignedBefore = await people.citizen.get(`tobesigneddocuments/${doc}/download`);
    expect(unsignedBefore.statusCode).toBe(200);
    expect(unsignedBefore.headers["content-type"]).toBe("application/pdf");

    await people.citizen.get(`tobesigneddocuments/${doc}`);
    const signed = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().message).toBe(DOCUMENT_MESSAGES.signed);
    expect(signed.json().data).toMatchObject({
      status: "firmato",
      can_sign: false,
      signer: { full_name: "Maria Rossi", on_behalf_of: false },
    });
    expect(await unsignedDocumentCount(t.database.db, bookingId)).toBe(0);

    // The unsigned PDF is the one whose SHA-256 the audit page prints.
    const unsigned = (await people.pharmacyOperator.get(`tobesigneddocuments/${doc}/pdf`)).rawPayload;
    expect(unsigned.equals(unsignedBefore.rawPayload)).toBe(true);
    const sha = createHash("sha256").update(unsigned).digest("hex");
    const signedPdf = await people.pharmacyOperator.get(`tobesigneddocuments/${doc}/signed-pdf`);
    expect(signedPdf.statusCode).toBe(200);
    expect(signedPdf.headers["content-disposition"]).toContain("-firmato.pdf");
    const download = (await people.citizen.get(`tobesigneddocuments/${doc}/download`)).rawPayload;
    expect(download.equals(signedPdf.rawPayload)).toBe(true);

    const pages = await pdfPagesText(signedPdf.rawPayload);
    expect(pages[0]).toContain("Acconsento alla televisita.");
    const audit = pages.at(-1) as string;
    expect(audit).toContain("Registro di firma");
    expect(audit).toContain("Maria Rossi");
    expect(audit).toMatch(/RSSMRA\w{10}/);
    expect(audit).toContain(sha);
    expect(audit).toContain(doc);
    expect(audit).toContain("127.0.0.1");
    expect(audit).toMatch(/\(Europe\/Rome\)/);
    const signedAt = new Date(signed.json().data.signed_at);
    expect(audit).toContain(`${signedAt.toISOString().replace("T", " ").slice(0, 19)} UTC`);
    expect(await pdfsig(signedPdf.rawPayload)).toContain("Signature is Valid");

    // E-mailed with the signed PDF to the citizen, the operator who prepared it and the company.
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, "Documento firmato: Consenso informato alla televisita"));
    const recipients = mails.map((m) => m.recipient);
    expect(recipients).toEqual(
      expect.arrayContaining([accounts.citizen, accounts.pharmacyOperator, "info@farmaciasanmarco.demo"]),
    );
    expect(mails[0]?.attachments).toEqual([
      {
        filename: "consenso-informato-alla-televisita-firmato.pdf",
        contentType: "application/pdf",
        size: signedPdf.rawPayload.length,
      },
    ]);

    const again = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DOCUMENT_MESSAGES.alreadySigned);
    const removed = await people.pharmacyOperator.call("DELETE", `tobesigneddocuments/${doc}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(DOCUMENT_MESSAGES.signedNotDeletable);
  });

  it("signs once when two requests race", async () => {
    const doc = await assigned();
    await people.citizen.get(`tobesigneddocuments/${doc}`);
    const results = await Promise.all([
      people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true }),
      people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // The loser finds the document signed, or its signing (and its PDF work) already under way.
    const loser = results.find((r) => r.statusCode === 409);
    expect([DOCUMENT_MESSAGES.alreadySigned, DOCUMENT_MESSAGES.signInProgress]).toContain(loser?.json().message);
    const again = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(again.json().message).toBe(DOCUMENT_MESSAGES.alreadySigned);
  });

  it("does the PDF work for one signing of a document at a time (the slot is reserved first)", async () => {
    const doc = await assigned();
    await people.citizen.get(`tobesigneddocuments/${doc}`);
    // A signing of this document under way (its slot taken): another request is refused at once.
    const held = await reserve(t.database.db, {
      key: `document-sign:${ids.decode(doc)}`,
      limit: 1,
      windowSeconds: 120,
    });
    if (!held.allowed) throw new Error("the document's signing slot should be free");
    const refused = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOCUMENT_MESSAGES.signInProgress);
    expect((await people.citizen.get(`tobesigneddocuments/${doc}`)).json().data.status).toBe("da_firmare");
    await release(t.database.db, held.slot);
    const signed = await people.citizen.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it("lets a consenting caregiver sign 'per conto di', and nobody without the grant", async () => {
    const doc = await assigned();
    // Giulia is not Maria's caregiver: the document does not exist for her.
    expect((await citizen3.get(`tobesigneddocuments/${doc}`)).statusCode).toBe(404);
    expect((await citizen3.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true })).statusCode).toBe(404);
    const code = (await people.citizen.get("users/own/code")).json().data.code;
    const invited = await citizen3.call("POST", "familymembers/caregiver/invite", { code });
    expect(invited.statusCode, invited.body).toBe(201);
    // Pending: still nothing.
    expect((await citizen3.get(`tobesigneddocuments/${doc}`)).statusCode).toBe(404);
    await people.citizen.call("POST", "familymembers/caregiver/approve", { hashid: invited.json().data.hashid });
    // Maria's reading is hers: Giulia cannot sign a text she has not opened herself.
    expect((await people.citizen.get(`tobesigneddocuments/${doc}`)).statusCode).toBe(200);
    const unread = await citizen3.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(unread.statusCode).toBe(409);
    expect(unread.json().message).toBe(DOCUMENT_MESSAGES.notOpened);
    const read = await citizen3.get(`tobesigneddocuments/${doc}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.can_sign).toBe(true);
    expect(read.json().data.on_behalf_of_name).toBe("Maria Rossi");
    const signed = await citizen3.call("POST", `tobesigneddocuments/${doc}/sign`, { confirm: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.signer).toEqual({ full_name: "Giulia Esposito", on_behalf_of: true });
    const pdf = (await people.citizen.get(`tobesigneddocuments/${doc}/signed-pdf`)).rawPayload;
    const audit = (await pdfPagesText(pdf)).at(-1) as string;
    expect(audit).toContain("Giulia Esposito");
    expect(audit).toContain("Per conto di");
    expect(audit).toContain("Maria Rossi");
    // The signed copy goes to the assisted citizen and to the caregiver who signed.
    const mailed = await t.database.db
      .select({ to: outboxMessages.recipient, text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, "Documento firmato: Consenso informato alla televisita"));
    const forThis = mailed.filter((m) => m.text.includes("firmato da Giulia Esposito")).map((m) => m.to);
    expect(forThis).toEqual(expect.arrayContaining([accounts.citizen, accounts.citizen3]));

    // Once Maria disables the relation, her documents are gone for Giulia again.
    const other = await assigned();
    const disabled = await people.citizen.call("POST", "familymembers/caregiver/disapprove", {
      hashid: invited.json().data.hashid,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await citizen3.get(`tobesigneddocuments/${other}`)).statusCode).toBe(404);
    expect((await citizen3.call("POST", `tobesigneddocuments/${other}/sign`, { confirm: true })).statusCode).toBe(404);
  });
});

describe("DELETE tobesigneddocuments/{id}", () => {
  it("deletes the company's unsigned document; others get 404, citizens 403", async () => {
    const doc = await assigned();
    expect((await people.roomAdmin.call("DELETE", `tobesigneddocuments/${doc}`)).statusCode).toBe(404);
    expect((await people.citizen.call("DELETE", `tobesigneddocuments/${doc}`)).statusCode).toBe(403);
    const res = await people.pharmacyOperator.call("DELETE", `tobesigneddocuments/${doc}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(DOCUMENT_MESSAGES.deleted);
    expect((await people.pharmacyOperator.get(`tobesigneddocuments/${doc}`)).statusCode).toBe(404);
  });
});
