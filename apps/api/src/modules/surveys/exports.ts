import type { TSurveyAnswer, TSurveyTemplate } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { loadPdfmake, PDF_FONT } from "../../platform/pdf.ts";
// The back office's streamed workbook writer (one batch in memory however many rows).
import { streamWorkbook, type WorkbookColumn } from "../admin/index.ts";
import { fillForExport, fillPeopleNames, surveyForFills } from "./fills.ts";
import * as repository from "./repository.ts";

/** The PDF of a fill and the XLS of a survey's fills (spec 002 §7 `filled/pdf|xls`, issue 13). */

export const answerText = (question: TSurveyTemplate["domande"][number], answer: TSurveyAnswer | undefined): string => {
  if (answer === null || answer === undefined) return "";
  const values = Array.isArray(answer) ? answer : [answer];
  // A file answer is the upload's hashid: the export names that a file is attached, not its bytes.
  if (question.o === "file") return values.length === 1 ? "1 file allegato" : `${values.length} file allegati`;
  return values.join("; ");
};

export const romeDateTime = (date: Date) =>
  new Intl.DateTimeFormat("it-IT", { timeZone: "Europe/Rome", dateStyle: "short", timeStyle: "short" }).format(date);

/** `GET activities/surveys/filled/pdf/{id}` and the person's own `activities/survey/filled/pdf/{id}`. */
export async function fillPdf(ctx: ModuleContext, p: Principal, hash: string, ownOnly: boolean) {
  const fill = await fillForExport(ctx, p, hash, ownOnly);
  const person = (await fillPeopleNames(ctx, [{ userId: fill.userId }])).get(fill.userId);
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
  const stream = streamWorkbook({
    sheetName: "Compilazioni",
    columns,
    batchSize: XLS_BATCH,
    batch: async (afterId) => {
      const rows = await repository.fillBatch(ctx.db, { surveyId: survey.id, companyId, afterId, limit: XLS_BATCH });
      // One read of names per batch, not per row.
      const names = await fillPeopleNames(ctx, rows);
      return rows.map((row) => ({ ...row, userName: names.get(row.userId) ?? "" }));
    },
    present: (row) => {
      const byText = new Map(row.template.domande.map((q, i) => [q.q, answerText(q, row.answers[i])]));
      return {
        id: ctx.ids.encode(row.id),
        user: row.userName,
        date: romeDateTime(row.createdAt),
        score: row.score === null ? "" : `${row.score}${row.scoreBand ? ` (${row.scoreBand})` : ""}`,
        answers: questions.map((q) => byText.get(q.q) ?? ""),
      };
    },
    log,
  });
  return { name: `compilazioni-${ctx.ids.encode(survey.id)}`, stream };
}
