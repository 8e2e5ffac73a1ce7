import { POPUP_QUESTION_MESSAGES } from "@cura/domain";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../test/helpers.ts";
import { loadConfig } from "../../../config.ts";
import { auditLog } from "../../../platform/audit/tables.ts";
import { createIds } from "../../../platform/ids.ts";
import { addDays, zonedDate } from "../../../platform/zoned-time.ts";
import { type Caller, demoCallers } from "../../companies/test-helpers.ts";
import { DEMO_POPUP_QUESTION, seedDemoPopupQuestions } from "./demo-data.ts";
import { popupAnswers, popupQuestions } from "./tables.ts";

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
});
afterAll(() => t.close());

const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);
const decode = (hashid: string) => ids.decode(hashid) as number;
const today = () => zonedDate(Date.now(), "Europe/Rome");

function question(overrides: Record<string, unknown> = {}) {
  return {
    title: "Hai ricevuto il promemoria?",
    description: "Ci aiuta a migliorare i promemoria.",
    options: ["Sì", "No"],
    multiple: false,
    active_from: addDays(today(), -1),
    active_to: addDays(today(), 1),
    active: true,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await people.admin.call("POST", "admin/popup-questions", question(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function unansweredRefs(c: Caller): Promise<string[]> {
  const response = await c.get("users/popup/questions/unanswered");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ ref: string }>).map((q) => q.ref);
}

const answer = (c: Caller, ref: string, response: string) => c.call("POST", "users/popup/questions", { ref, response });

describe("access", () => {
  const routes: Array<["GET" | "POST" | "PUT" | "DELETE", string, unknown?]> = [
    ["GET", "users/popup/questions/unanswered"],
    ["POST", "users/popup/questions", { ref: "abc", response: "Sì" }],
    ["GET", "users/popup/answers"],
    ["GET", "admin/popup-questions"],
    ["POST", "admin/popup-questions", question()],
    ["PUT", "admin/popup-questions/abc", question()],
    ["DELETE", "admin/popup-questions/abc"],
  ];

  it("answers 401 to every call without sign-in", async () => {
    for (const [method, path, body] of routes) {
      const response = await t.request({ method, url: `/api/v1/${path}`, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("keeps the administrators' calls to platform administrators (403 for citizens and operators)", async () => {
    for (const c of [people.citizen, people.pharmacyAdmin, people.roomAdmin]) {
      for (const [method, path, body] of routes.filter(([, path]) => path.startsWith("admin/"))) {
        const response = await c.call(method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("keeps the citizen's calls to citizens (403 for operators and administrators)", async () => {
    for (const c of [people.pharmacyOperator, people.admin]) {
      for (const [method, path, body] of routes.filter(([, path]) => path.startsWith("users/"))) {
        const response = await c.call(method, path, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
      }
    }
  });
});

describe("administrators write popup questions", () => {
  it("creates one (trimmed, audited) and lists it paged with its number of answers", async () => {
    const response = await people.admin.call(
      "POST",
      "admin/popup-questions",
      question({ title: "  Titolo da elencare  ", options: [" Uno ", "Due", "Tre"], multiple: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.message).toBe(POPUP_QUESTION_MESSAGES.saved);
    expect(created.data).toMatchObject({
      title: "Titolo da elencare",
      options: ["Uno", "Due", "Tre"],
      multiple: true,
      active: true,
      live: true,
      answers: 0,
    });
    const [audit] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit?.action).toBe("notifications.popup_question.created");

    await answer(people.citizen, created.data.id, "Uno,Tre");
    await answer(people.citizen2, created.data.id, "Due");
    const list = await people.admin.get("admin/popup-questions?per_page=100");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, per_page: 100 });
    const listed = (list.json().data as Array<{ id: string; answers: number }>).find((q) => q.id === created.data.id);
    expect(listed?.answers).toBe(2);
    const found = await people.admin.get(`admin/popup-questions?q=${encodeURIComponent("da elencare")}`);
    expect((found.json().data as Array<{ id: string }>).map((q) => q.id)).toEqual([created.data.id]);
    const literal = await people.admin.get("admin/popup-questions?q=%25");
    expect(literal.json().data).toEqual([]);
    const onePage = await people.admin.get("admin/popup-questions?per_page=1");
    expect(onePage.json().data).toHaveLength(1);
    expect(onePage.json().meta.total).toBeGreaterThanOrEqual(1);
  });

  it("refuses bad questions with 422 on the field, in Italian", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: "" }, "title", POPUP_QUESTION_MESSAGES.titleRequired],
      [{ options: ["Solo una"] }, "options", POPUP_QUESTION_MESSAGES.optionsTooFew],
      [{ options: ["Sì, certo", "No"] }, "options.0", POPUP_QUESTION_MESSAGES.optionComma],
      [{ options: ["Sì", "sì"] }, "options.1", POPUP_QUESTION_MESSAGES.optionsDuplicate],
      [{ options: ["Sì", " "] }, "options.1", POPUP_QUESTION_MESSAGES.optionRequired],
      [{ active_from: today(), active_to: addDays(today(), -1) }, "active_to", POPUP_QUESTION_MESSAGES.dateOrder],
      [{ active_from: "31/12/2026" }, "active_from", POPUP_QUESTION_MESSAGES.dateInvalid],
    ];
    const before = (await t.database.db.select().from(popupQuestions)).length;
    for (const [overrides, field, message] of cases) {
      const response = await people.admin.call("POST", "admin/popup-questions", question(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().errors?.[field], `${field}: ${response.body}`).toContain(message);
    }
    expect((await t.database.db.select().from(popupQuestions)).length).toBe(before);
  });

  it("changes a question with PUT and removes it with its answers with DELETE; unknown ids are 404", async () => {
    const id = await create({ title: "Da cambiare" });
    await answer(people.citizen2, id, "Sì");
    const put = await people.admin.call(
      "PUT",
      `admin/popup-questions/${id}`,
      question({ title: "Cambiata", active: false }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ id, title: "Cambiata", active: false, live: false, answers: 1 });
    expect(await unansweredRefs(people.citizen)).not.toContain(id);

    const removed = await people.admin.call("DELETE", `admin/popup-questions/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(POPUP_QUESTION_MESSAGES.removed);
    const answersLeft = await t.database.db
      .select()
      .from(popupAnswers)
      .where(eq(popupAnswers.questionId, decode(id)));
    expect(answersLeft).toEqual([]);
    expect((await people.citizen2.get(`users/popup/answers?ref=${id}`)).json().data).toEqual([]);

    for (const [method, body] of [
      ["PUT", question()],
      ["DELETE", undefined],
    ] as const) {
      const again = await people.admin.call(method, `admin/popup-questions/${id}`, body);
      expect(again.statusCode, `${method} ${again.body}`).toBe(404);
    }
    const invalid = await people.admin.call("DELETE", "admin/popup-questions/%20");
    expect(invalid.statusCode).toBe(422);
  });
});

describe("citizens answer popup questions", () => {
  it("lists only live, unanswered questions: not inactive, expired or future ones", async () => {
    const live = await create({ title: "Viva" });
    const lastDay = await create({ title: "Ultimo giorno", active_from: addDays(today(), -10), active_to: today() });
    const inactive = await create({ title: "Spenta", active: false });
    const expired = await create({
      title: "Scaduta",
      active_from: addDays(today(), -10),
      active_to: addDays(today(), -1),
    });
    const future = await create({ title: "Futura", active_from: addDays(today(), 1), active_to: addDays(today(), 5) });
    const refs = await unansweredRefs(people.citizen);
    expect(refs).toEqual(expect.arrayContaining([live, lastDay]));
    for (const hidden of [inactive, expired, future]) expect(refs).not.toContain(hidden);
    const [shown] = (await people.citizen.get("users/popup/questions/unanswered"))
      .json()
      .data.filter((q: { ref: string }) => q.ref === live);
    expect(shown).toEqual({
      ref: live,
      title: "Viva",
      description: "Ci aiuta a migliorare i promemoria.",
      options: "Sì,No",
      multiple: false,
    });
    // An inactive or expired question cannot be answered either.
    for (const hidden of [inactive, expired, future]) {
      const response = await answer(people.citizen, hidden, "Sì");
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it("takes one of the question's options, thanks, and asks no more; a second answer is a 409", async () => {
    const id = await create({ title: "Una volta" });
    const first = await answer(people.citizen, id, " No ");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: "Grazie per la tua risposta", data: { ref: id, response: "No" } });
    expect(await unansweredRefs(people.citizen)).not.toContain(id);
    // Others still see it.
    expect(await unansweredRefs(people.citizen2)).toContain(id);

    const second = await answer(people.citizen, id, "Sì");
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(POPUP_QUESTION_MESSAGES.alreadyAnswered);

    const mine = await people.citizen.get(`users/popup/answers?ref=${id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([{ ref: id, response: "No", created_at: expect.any(String) }]);
    expect(mine.json().meta).toMatchObject({ page: 1, total: 1 });
    // Someone else's answers are never shown.
    expect((await people.citizen2.get(`users/popup/answers?ref=${id}`)).json().data).toEqual([]);
    const all = await people.citizen.get("users/popup/answers?per_page=100");
    expect((all.json().data as Array<{ ref: string }>).map((a) => a.ref)).toContain(id);
  });

  it("refuses answers outside the options, several for a single choice, repeats and blanks (422 on response)", async () => {
    const single = await create({ title: "Singola", options: ["Mattina", "Pomeriggio", "Sera"] });
    const multiple = await create({ title: "Multipla", options: ["Mattina", "Pomeriggio", "Sera"], multiple: true });
    const cases: Array<[string, string, string]> = [
      [single, "Notte", POPUP_QUESTION_MESSAGES.responseNotAnOption],
      [single, "mattina", POPUP_QUESTION_MESSAGES.responseNotAnOption],
      [single, "Mattina,Sera", POPUP_QUESTION_MESSAGES.responseSingle],
      [multiple, "Mattina,Notte", POPUP_QUESTION_MESSAGES.responseNotAnOption],
      [multiple, "Sera,Sera", POPUP_QUESTION_MESSAGES.responseDuplicate],
      [multiple, " , ", POPUP_QUESTION_MESSAGES.responseRequired],
      [single, "", POPUP_QUESTION_MESSAGES.responseRequired],
    ];
    for (const [ref, response, message] of cases) {
      const refused = await answer(people.citizen, ref, response);
      expect(refused.statusCode, `${response}: ${refused.body}`).toBe(422);
      expect(refused.json().errors?.response).toContain(message);
    }
    expect(await unansweredRefs(people.citizen)).toEqual(expect.arrayContaining([single, multiple]));
    // Several options of a multiple-choice question, stored in the question's order.
    const ok = await answer(people.citizen, multiple, "Sera, Mattina");
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.response).toBe("Mattina,Sera");
    const unknown = await answer(people.citizen, "zzzzzzzzzz", "Sì");
    expect(unknown.statusCode).toBe(404);
  });

  it("stores one of two parallel answers: the other is a 409", async () => {
    const id = await create({ title: "In parallelo" });
    const results = await Promise.all([answer(people.citizen2, id, "Sì"), answer(people.citizen2, id, "No")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .select()
      .from(popupAnswers)
      .where(eq(popupAnswers.questionId, decode(id)));
    expect(rows).toHaveLength(1);
  });
});

describe("demo data", () => {
  it("adds one live question for citizens, once", async () => {
    await seedDemoPopupQuestions(t.database.db);
    await seedDemoPopupQuestions(t.database.db);
    const rows = await t.database.db
      .select()
      .from(popupQuestions)
      .where(eq(popupQuestions.title, DEMO_POPUP_QUESTION.title));
    expect(rows).toHaveLength(1);
    const shown = (await people.citizen.get("users/popup/questions/unanswered")).json().data as Array<{
      title: string;
    }>;
    expect(shown.map((q) => q.title)).toContain(DEMO_POPUP_QUESTION.title);
  });
});
