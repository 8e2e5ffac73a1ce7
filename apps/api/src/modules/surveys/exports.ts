import type { TSurveyAnswer, TSurveyTemplate } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { loadPdfmake, PDF_FONT } from "../../platform/pdf.ts";
// The back office's streamed workbook writer (one batch in memory however many rows).
import { streamWorkbook, type WorkbookColumn } from "../admin/index.ts";
import { fillForExport, fillSubjects, surveyForFills } from "./fills.ts";
import * as repository from "./repository.ts";

/** The PDF of a fill and the XLS of a survey's fills (spec 002 §7 `filled/pdf|xls`, issue 13). */

export const answerText = (question: TSurveyTemplate["domande"][number], answer: TSurveyAnswer | undefined): string => {
  if (answer === null || answer === undefined) return "";
  const values = Array.isArray(answer) ? answer : [answer];
  // A file answer is the upload's hashid: the export names that a file is attached, not its bytes.
  if (question.o === "file") return values.length === 1 ? "1 file allegato" : `${values.length} file allegati`;
  return values.join("; ");
};

// One formatter for every row of an export: building one per call costs more than the formatting.
const ROME_DATE_TIME = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  dateStyle: "short",
  timeStyle: "short",
});
export const romeDateTime = (date: Date) => ROME_DATE_TIME.format(date);

type VersionedRow = { surveyId: number; surveyVersion: number; answers: TSurveyAnswer[] };

/**
 * The XLS exports' answer columns: each fill is read against the template it answered, matched to
 * the export's columns (questions of current templates) by question text, where an edit moved or
 * removed questions. Every fill of a survey version keeps the same template, so it is read once per
 * version met (`prepare`, for a batch) and not carried by each row: the rows of a batch stay small.
 */
export function answerColumns(ctx: ModuleContext, columns: ReadonlyArray<{ surveyId: number; text: string }>) {
  const layouts = new Map<string, { template: TSurveyTemplate | null; at: Array<number | null> }>();
  const keyOf = (row: Pick<VersionedRow, "surveyId" | "surveyVersion">) => `${row.surveyId}:${row.surveyVersion}`;
  return {
    async prepare(rows: ReadonlyArray<Pick<VersionedRow, "surveyId" | "surveyVersion">>) {
      for (const row of rows) {
        const key = keyOf(row);
        if (layouts.has(key)) continue;
        const template = await repository.fillTemplate(ctx.db, row.surveyId, row.surveyVersion);
        const index = new Map((template?.domande ?? []).map((q, i) => [q.q, i]));
        layouts.set(key, {
          template,
          at: columns.map((c) => (c.surveyId === row.surveyId ? (index.get(c.text) ?? null) : null)),
        });
      }
    },
    answers(row: VersionedRow): string[] {
      const layout = layouts.get(keyOf(row));
      const template = layout?.template;
      if (!layout || !template) return columns.map(() => "");
      return layout.at.map((i) => {
        const question = i === null ? undefined : template.domande[i];
        return question === undefined || i === null ? "" : answerText(question, row.answers[i]);
      });
    },
  };
}

/** `GET activities/surveys/filled/pdf/{id}` and the person's own `activities/survey/filled/pdf/{id}`. */
export async function fillPdf(ctx: ModuleContext, p: Principal, hash: string, ownOnly: boolean) {
  const fill = await fillForExport(ctx, p, hash, ownOnly);
  // The person's name; for a session's fill about no one known, its pseudonym or that it is anonymous.
  const person = (await fillSubjects(ctx, [{ userId: fill.userId, sessionId: fill.sessionId }])).label(fill);
  const template = fill.template;
  const rows = template.domande.map((q, i) => [
    { text: `${i + 1}. ${q.q}`, bold: true },
    { text: answerText(q, fill.answers[i]) || "—" },
  ]);
  const pdfmake = await loadPdfmake();
  const bytes = await pdfmake
    .createPdf({
      info: { title: template.nome, creator: "Cura" },
      pageSize: "A4",
      pageMargins: [40, 48, 40, 48],
      defaultStyle: { font: PDF_FONT, fontSize: 10 },
      content: [
        { text: template.nome, fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
        ...(person ? [{ text: `Compilato per: ${person}`, margin: [0, 0, 0, 4] as const }] : []),
        { text: `Compilato il ${romeDateTime(fill.createdAt)}`, margin: [0, 0, 0, 4] },
        ...(fill.score === null
          ? []
          : [
              { text: `Punteggio: ${fill.score}${fill.scoreBand ? ` (${fill.scoreBand})` : ""}`, margin: [0, 0, 0, 4] },
            ]),
        {
          table: {
            widths: ["50%", "50%"],
            body: [
              [
                { text: "Domanda", bold: true },
                { text: "Risposta", bold: true },
              ],
              ...rows,
            ],
          },
          margin: [0, 8, 0, 0],
        },
      ],
    })
    .getBuffer();
  return { name: `questionario-${ctx.ids.encode(fill.id)}`, bytes };
}

const XLS_BATCH = 500;

/**
 * `GET activities/surveys/filled/xls/{id}`: a row per fill, a column per question of the survey's
 * current template; each fill is read against the template it answered, matched by question text
 * where an edit moved or removed questions.
 */
export async function fillsWorkbook(ctx: ModuleContext, p: Principal, hash: string, log: FastifyBaseLogger) {
  const { survey, companyId } = await surveyForFills(ctx, p, hash);
  const questions = survey.template.domande;
  type Item = { id: string; user: string; date: string; score: string; answers: string[] };
  const columns: WorkbookColumn<Item>[] = [
    { header: "Compilazione", width: 14, value: (item) => item.id },
    { header: "Compilato per", width: 28, value: (item) => item.user },
    { header: "Data", width: 18, value: (item) => item.date },
    { header: "Punteggio", width: 12, value: (item) => item.score },
    ...questions.map((q, i) => ({
      header: q.q.slice(0, 250),
      width: 30,
      value: (item: Item) => item.answers[i] ?? "",
    })),
  ];
  const answers = answerColumns(
    ctx,
    questions.map((q) => ({ surveyId: survey.id, text: q.q })),
  );
  const stream = streamWorkbook({
    sheetName: "Compilazioni",
    columns,
    batchSize: XLS_BATCH,
    batch: async (afterId) => {
      const rows = await repository.fillBatch(ctx.db, { surveyId: survey.id, companyId, afterId, limit: XLS_BATCH });
      // One read of names (and pseudonyms) per batch, not per row; a template per version met.
      const [{ label }] = await Promise.all([fillSubjects(ctx, rows), answers.prepare(rows)]);
      return rows.map((row) => ({ ...row, userName: label(row) }));
    },
    present: (row) => ({
      id: ctx.ids.encode(row.id),
      user: row.userName,
      date: romeDateTime(row.createdAt),
      score: row.score === null ? "" : `${row.score}${row.scoreBand ? ` (${row.scoreBand})` : ""}`,
      answers: answers.answers(row),
    }),
    log,
  });
  return { name: `compilazioni-${ctx.ids.encode(survey.id)}`, stream };
}
