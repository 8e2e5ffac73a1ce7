import { MANUAL_MAX_BYTES, SUPPORT_MESSAGES, SUPPORT_OBJECTS, SUPPORT_TICKETS_PER_HOUR } from "@cura/domain";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { auditLog } from "../../platform/audit/tables.ts";
import { outboxMessages } from "../../platform/messaging/tables.ts";
import { demoCallers } from "../companies/test-helpers.ts";
import { supportTickets } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext({ SUPPORT_EMAIL: "help@cura.test", MANUAL_FALLBACK_URL_EN: "" });
  people = await demoCallers(t);
});
afterAll(() => t.close());

/** A multipart body by hand: fields and one file part. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = "----cura-test-boundary";
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.alloc(32, 1)]);

function upload(token: string, path: string, body: ReturnType<typeof multipart>) {
  return t.request({ method: "POST", url: `/api/v1/${path}`, token, payload: body.payload, headers: body.headers });
}

describe("POST utilities/ticket", () => {
  it("stores the request and e-mails it to the support address, with who sent it", async () => {
    const response = await people.citizen.call("POST", "utilities/ticket", {
      object: "malfunzionamento",
      content: "  La pagina delle prenotazioni non si apre  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: SUPPORT_MESSAGES.sent, data: { object: "malfunzionamento" } });
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "help@cura.test"))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(mail?.subject).toBe("Cura, richiesta di supporto: malfunzionamento");
    expect(mail?.text).toContain("Maria Rossi <maria.rossi@cura.demo>");
    expect(mail?.text).toContain("La pagina delle prenotazioni non si apre");
    const [row] = await t.database.db.select().from(supportTickets).orderBy(desc(supportTickets.id)).limit(1);
    expect(row).toMatchObject({
      object: "malfunzionamento",
      content: "La pagina delle prenotazioni non si apre",
      emailStatus: "sent",
    });
  });

  it("accepts each of the four objects, from operators and administrators too", async () => {
    const callers = [people.citizen2, people.pharmacyOperator, people.admin, people.roomAdmin];
    for (const [i, object] of SUPPORT_OBJECTS.entries()) {
      const response = await callers[i]?.call("POST", "utilities/ticket", { object, content: "Testo" });
      expect(response?.statusCode, response?.body).toBe(200);
    }
  });

  it("refuses a missing or unknown object and an empty message with 422 on the field, storing nothing", async () => {
    const count = async () => (await t.database.db.select().from(supportTickets)).length;
    const before = await count();
    const cases: Array<[unknown, string, string]> = [
      [{ content: "x" }, "object", SUPPORT_MESSAGES.objectRequired],
      [{ object: "altro", content: "x" }, "object", SUPPORT_MESSAGES.objectRequired],
      [{ object: "malfunzionamento" }, "content", SUPPORT_MESSAGES.contentRequired],
      [{ object: "malfunzionamento", content: "   " }, "content", SUPPORT_MESSAGES.contentRequired],
      [{ object: "malfunzionamento", content: "x".repeat(5001) }, "content", SUPPORT_MESSAGES.contentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const response = await people.citizen.call("POST", "utilities/ticket", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await count()).toBe(before);
  });

  it("takes at most SUPPORT_TICKETS_PER_HOUR from one user, however many arrive at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: SUPPORT_TICKETS_PER_HOUR + 15 }, () =>
        people.pharmacyAdmin.call("POST", "utilities/ticket", { object: "richiesta informazioni", content: "Ancora" }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(SUPPORT_TICKETS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toBe(SUPPORT_MESSAGES.tooManyTickets);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "help@cura.test"));
    expect(mails.filter((m) => m.text.includes("Ancora"))).toHaveLength(SUPPORT_TICKETS_PER_HOUR);
    // Another user's allowance is their own.
    expect(
      (await people.citizen2.call("POST", "utilities/ticket", { object: "malfunzionamento", content: "x" })).statusCode,
    ).toBe(200);
  });

  it("is for signed-in users only", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/v1/utilities/ticket",
      body: { object: "malfunzionamento", content: "x" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("manuals and videos", () => {
  it("answers the fallback links when none is registered", async () => {
    const response = await t.request({ method: "GET", url: "/api/v1/manuals?is_operatore=false" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [],
      meta: { page: 1, per_page: expect.any(Number), total: 0 },
      fallback: { it: "/manuali/manuale-it.pdf", en: null },
    });
  });

  it("lets administrators register manuals and videos, lists them by scope and serves their files", async () => {
    const older = await upload(
      people.admin.token,
      "admin/manuals",
      multipart(
        {
          version: "cura_1.0",
          description: "Prima versione",
          is_italian: "true",
          is_operatore: "false",
          data_release: "2026-01-10",
        },
        { name: "manuale-1.pdf", type: "application/pdf", bytes: pdf("v1") },
      ),
    );
    expect(older.statusCode, older.body).toBe(201);
    for (const [italian, text] of [
      ["true", "v2 it"],
      ["false", "v2 en"],
    ] as const) {
      const response = await upload(
        people.admin.token,
        "admin/manuals",
        multipart(
          { version: "cura_2.0", description: "Novità", is_italian: italian, data_release: "2026-06-01" },
          { name: `manuale-${italian}.pdf`, type: "application/pdf", bytes: pdf(text) },
        ),
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const operatorManual = await upload(
      people.admin.token,
      "admin/manuals",
      multipart(
        { version: "op_1.0", is_operatore: "true", data_release: "2026-05-01" },
        { name: "operatori.pdf", type: "application/pdf", bytes: pdf("op") },
      ),
    );
    expect(operatorManual.statusCode, operatorManual.body).toBe(201);
    const video = await upload(
      people.admin.token,
      "admin/videos",
      multipart(
        { title: "Come gestire l'agenda", description: "Tre minuti", scope: "operatore" },
        { name: "agenda.mp4", type: "video/mp4", bytes: mp4() },
      ),
    );
    expect(video.statusCode, video.body).toBe(201);

    const citizenManuals = await t.request({ method: "GET", url: "/api/v1/manuals?is_operatore=false" });
    const listed = citizenManuals.json().data as Array<{
      version: string;
      is_italian: boolean;
      data_release: string;
      download_link: string;
    }>;
    expect(listed.map((m) => [m.version, m.data_release, m.is_italian])).toEqual([
      ["cura_2.0", "2026-06-01", false],
      ["cura_2.0", "2026-06-01", true],
      ["cura_1.0", "2026-01-10", true],
    ]);
    const file = await t.request({ method: "GET", url: `/api/v1/${listed[2]?.download_link}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.body).toContain("% v1");

    const operatorDownloads = await people.pharmacyOperator.get("downloads?scope=operatore");
    expect(operatorDownloads.statusCode).toBe(200);
    const { manuali, video: videos } = operatorDownloads.json().data;
    expect(manuali.map((m: { version: string }) => m.version)).toEqual(["op_1.0"]);
    expect(videos).toEqual([
      expect.objectContaining({ title: "Come gestire l'agenda", description: "Tre minuti", scope: "operatore" }),
    ]);
    const served = await t.request({ method: "GET", url: `/api/v1/${videos[0].path}` });
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect((await people.citizen.get("downloads?scope=cittadino")).json().data.video).toEqual([]);

    // Removing one: gone from the list and its file 404.
    const removed = await people.admin.call("DELETE", `admin/videos/${videos[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/v1/${videos[0].path}` })).statusCode).toBe(404);
    expect((await people.admin.call("DELETE", `admin/videos/${videos[0].id}`)).statusCode).toBe(404);
    // A manual's id is not a video's.
    expect((await people.admin.call("DELETE", `admin/videos/${operatorManual.json().data.id}`)).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "support_download"));
    expect(audits.map((a) => a.action)).toContain("support.video.deleted");
  });

  it("refuses a file that is not a PDF (or mp4), and fields that are missing, with 422", async () => {
    const notPdf = await upload(
      people.admin.token,
      "admin/manuals",
      multipart(
        { version: "x", data_release: "2026-01-01" },
        { name: "x.pdf", type: "application/pdf", bytes: Buffer.from("hello") },
      ),
    );
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors.file).toEqual([SUPPORT_MESSAGES.pdfRequired]);
    const noFile = await upload(
      people.admin.token,
      "admin/manuals",
      multipart({ version: "x", data_release: "2026-01-01" }),
    );
    expect(noFile.statusCode).toBe(422);
    // Past the manual's 8 MB: the kind's own message, read no further than the limit.
    const tooLarge = await upload(
      people.admin.token,
      "admin/manuals",
      multipart(
        { version: "x", data_release: "2026-01-01" },
        { name: "x.pdf", type: "application/pdf", bytes: Buffer.concat([pdf("x"), Buffer.alloc(MANUAL_MAX_BYTES)]) },
      ),
    );
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors.file).toEqual([SUPPORT_MESSAGES.pdfRequired]);
    const noVersion = await upload(
      people.admin.token,
      "admin/manuals",
      multipart({ data_release: "2026-01-01" }, { name: "x.pdf", type: "application/pdf", bytes: pdf("x") }),
    );
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().errors.version).toBeDefined();
    const notVideo = await upload(
      people.admin.token,
      "admin/videos",
      multipart({ title: "x" }, { name: "x.mp4", type: "video/mp4", bytes: pdf("x") }),
    );
    expect(notVideo.statusCode).toBe(422);
    expect(notVideo.json().errors.file).toEqual([SUPPORT_MESSAGES.videoRequired]);
    // A QuickTime movie has an ftyp box too, but is not an mp4.
    const quicktime = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from("ftypqt  "), Buffer.alloc(32, 0)]);
    const mov = await upload(
      people.admin.token,
      "admin/videos",
      multipart({ title: "x" }, { name: "x.mp4", type: "video/mp4", bytes: quicktime }),
    );
    expect(mov.statusCode).toBe(422);
  });

  it("lets only administrators register or remove them", async () => {
    const body = multipart(
      { version: "x", data_release: "2026-01-01" },
      { name: "x.pdf", type: "application/pdf", bytes: pdf("x") },
    );
    expect((await upload(people.pharmacyAdmin.token, "admin/manuals", body)).statusCode).toBe(403);
    expect((await upload(people.citizen.token, "admin/videos", body)).statusCode).toBe(403);
    expect((await people.citizen.call("DELETE", "admin/manuals/abcdefgh")).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/v1/resources/zzzzzzzz/public/scaricabili" })).statusCode).toBe(
      404,
    );
  });
});

describe("chat-bot", () => {
  it("gives a citizen an opaque code, stable, never the user code", async () => {
    const first = await people.citizen.get("users/own/chatbot/code");
    expect(first.statusCode).toBe(200);
    const code = first.json().data.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await people.citizen.get("users/own/chatbot/code")).json().data.code).toBe(code);
    expect((await people.citizen2.get("users/own/chatbot/code")).json().data.code).not.toBe(code);
    const userCode = await people.citizen.get("users/own/code");
    expect(userCode.statusCode, userCode.body).toBe(200);
    expect(userCode.json().data.code).not.toBe(code);
    expect((await people.pharmacyOperator.get("users/own/chatbot/code")).statusCode).toBe(403);
  });

  it("answers the FAQ's intents in Italian, falls back with the support link, and never with personal data", async () => {
    const code = (await people.citizen.get("users/own/chatbot/code")).json().data.code as string;
    const ask = async (message: string) => {
      const response = await people.citizen.call("POST", "botman", { userId: code, message });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as {
        intent: string;
        messages: Array<{ text: string }>;
        links: Array<{ url: string }>;
      };
    };
    const hours = await ask("orari assistenza");
    expect(hours.intent).toBe("orari_assistenza");
    expect(hours.messages[0]?.text).toContain("dal lunedì al venerdì");
    const cases: Array<[string, string]> = [
      ["Come prenoto una visita?", "prenotazione"],
      ["vorrei ordinare dei farmaci con la ricetta", "farmaci"],
      ["il teleconsulto non parte, la webcam", "teleconsulto"],
      ["come disdire l'abbonamento", "abbonamenti"],
      ["ho dimenticato la pasword", "password"],
      ["voglio la cancellazione dei dati personali", "diritti_privacy"],
    ];
    for (const [message, intent] of cases) expect((await ask(message)).intent, message).toBe(intent);
    const nonsense = await ask("zxqv blorp frumious");
    expect(nonsense.intent).toBe("fallback");
    expect(nonsense.links.map((l) => l.url)).toContain("/cittadino/supporto");
    // Asked about herself, the bot still answers only from the FAQ.
    const who = await ask("qual è il mio codice fiscale e la mia email?");
    expect(JSON.stringify(who)).not.toMatch(/maria|rossi|RSS/i);
  });

  it("refuses a conversation in someone else's name and an empty question", async () => {
    const other = (await people.citizen2.get("users/own/chatbot/code")).json().data.code as string;
    expect((await people.citizen.call("POST", "botman", { userId: other, message: "orari" })).statusCode).toBe(404);
    const own = (await people.citizen.get("users/own/chatbot/code")).json().data.code as string;
    const empty = await people.citizen.call("POST", "botman", { userId: own, message: "  " });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.message).toEqual([SUPPORT_MESSAGES.messageRequired]);
    expect(
      (await t.request({ method: "POST", url: "/api/v1/botman", body: { userId: own, message: "x" } })).statusCode,
    ).toBe(401);
  });
});
