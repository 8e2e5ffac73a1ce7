import { fieldError, forbidden, SURVEY_MESSAGES as M, type TReportFilter } from "@cura/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { loadPdfmake, PDF_FONT } from "../../platform/pdf.ts";
import { addDays, zonedToInstant } from "../../platform/zoned-time.ts";
// The back office's streamed workbook writer (one batch in memory however many rows).
import { streamWorkbook, type WorkbookColumn } from "../admin/index.ts";
import { findCompany } from "../companies/index.ts";
import { isAdmin, isManager, readableActivity } from "./access.ts";
import { answerColumns, romeDateTime } from "./exports.ts";
import { fillSubjects, presentFillPage } from "./fills.ts";
import * as repository from "./repository.ts";

/**
 * An activity's reports (spec 002 §7 `filled/activity`, `report/filled/pdf|xls`; issue 13): its fills
 * across its surveys, filtered by date (Rome days, both ends included) and company. Administrators
 * read every company's fills; a manager of a company the activity is enabled for reads the reports
 * of their own company's fills only (the company filter is theirs whatever they send).
 */

const ROME = "Europe/Rome";
type Page = { page: number; per_page: number };

async function scope(ctx: ModuleContext, p: Principal, hash: string, filter: TReportFilter) {
  if (!isAdmin(p) && !isManager(p)) throw forbidden();
  const activity = await readableActivity(ctx.db, p, ctx.ids.decode(hash));
  let companyId: number | null = isAdmin(p) ? null : (p.companyId as number);
  if (isAdmin(p) && filter.company !== undefined) {
    const id = ctx.ids.decode(filter.company);
    const company = id === null ? null : await findCompany(ctx.db, id);
    if (!company) throw fieldError("company", M.companyUnknown);
    companyId = company.id;
  }
  const repoFilter: repository.ActivityFillFilter = {
    activityId: activity.id,
    companyId,
    from: filter.date_from ? new Date(zonedToInstant(filter.date_from, "00:00", ROME)) : null,
    to: filter.date_to ? new Date(zonedToInstant(addDays(filter.date_to, 1), "00:00", ROME)) : null,
  };
  return { activity, filter: repoFilter };
}

/** `GET activities/surveys/filled/activity/{hash}`: an activity's fills, newest first, paged. */
export async function fillsOfActivity(ctx: ModuleContext, p: Principal, hash: string, query: Page & TReportFilter) {
  const { filter } = await scope(ctx, p, hash, query);
  const { rows, total } = await repository.listActivityFills(ctx.db, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await presentFillPage(ctx, rows),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

const periodText = (filter: TReportFilter) =>
  filter.date_from || filter.date_to
    ? `Periodo: ${filter.date_from ?? "…"} – ${filter.date_to ?? "…"}`
    : "Tutto il periodo";

/** `GET activities/report/filled/pdf/{id}`: the activity's figures: fills per survey and company, and score bands. */
export async function activityPdf(ctx: ModuleContext, p: Principal, hash: string, filter: TReportFilter = {}) {
  const { activity, filter: f } = await scope(ctx, p, hash, filter);
  const counts = await repository.activityFillCounts(ctx.db, f);
  const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
  const body = counts.map((c) => [
    c.surveyName,
    c.companyName ?? "—",
    c.scoreBand ?? "—",
    String(c.n),
    c.meanScore === null ? "—" : String(Math.round(c.meanScore * 100) / 100),
  ]);
  const pdfmake = await loadPdfmake();
  const bytes = await pdfmake
    .createPdf({
      info: { title: activity.name, creator: "Cura" },
      pageSize: "A4",
      pageMargins: [40, 48, 40, 48],
      defaultStyle: { font: PDF_FONT, fontSize: 10 },
      content: [
        { text: activity.name, fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
        ...(activity.description ? [{ text: activity.description, margin: [0, 0, 0, 4] as const }] : []),
        { text: periodText(filter), margin: [0, 0, 0, 4] },
        { text: `Compilazioni: ${total}`, bold: true, margin: [0, 0, 0, 8] },
        counts.length === 0
          ? { text: "Nessuna compilazione" }
          : {
              table: {
                headerRows: 1,
                widths: ["*", "*", "auto", "auto", "auto"],
                body: [
                  ["Questionario", "Azienda", "Fascia", "Compilazioni", "Punteggio medio"].map((text) => ({
                    text,
                    bold: true,
                  })),
                  ...body,
                ],
              },
            },
        { text: `Generato il ${romeDateTime(new Date())}`, fontSize: 8, margin: [0, 12, 0, 0] },
      ],
    })
    .getBuffer();
  return { name: `report-${ctx.ids.encode(activity.id)}`, bytes };
}

const XLS_BATCH = 500;
/** The workbook's question columns at most (every survey's questions side by side). */
const QUESTION_COLUMNS_MAX = 1000;

/**
 * `GET activities/report/filled/xls/{id}` and `POST activities/report/filled/xls/{hash}` (filters): a
 * row per fill, a column per question of each of the activity's surveys (their current templates;
 * each fill read against the template it answered, matched by question text), streamed.
 */
export async function activityWorkbook(
  ctx: ModuleContext,
  p: Principal,
  hash: string,
  filter: TReportFilter,
  log: FastifyBaseLogger,
) {
  const { activity, filter: f } = await scope(ctx, p, hash, filter);
  const surveyList = await repository.surveysOfActivity(ctx.db, activity.id);
  const questionColumns: { surveyId: number; text: string; header: string }[] = [];
  for (const survey of surveyList)
    for (const q of survey.template.domande)
      if (questionColumns.length < QUESTION_COLUMNS_MAX)
        questionColumns.push({ surveyId: survey.id, text: q.q, header: `${survey.name}: ${q.q}`.slice(0, 250) });
  const surveyName = new Map(surveyList.map((s) => [s.id, s.name]));
  type Item = {
    id: string;
    survey: string;
    user: string;
    company: string;
    date: string;
    score: string;
    answers: string[];
  };
  const columns: WorkbookColumn<Item>[] = [
    { header: "Compilazione", width: 14, value: (item) => item.id },
    { header: "Questionario", width: 24, value: (item) => item.survey },
    { header: "Compilato per", width: 28, value: (item) => item.user },
    { header: "Azienda", width: 24, value: (item) => item.company },
    { header: "Data", width: 18, value: (item) => item.date },
    { header: "Punteggio", width: 12, value: (item) => item.score },
    ...questionColumns.map((c, i) => ({ header: c.header, width: 30, value: (item: Item) => item.answers[i] ?? "" })),
  ];
  const answers = answerColumns(ctx, questionColumns);
  const stream = streamWorkbook({
    sheetName: "Compilazioni",
    columns,
    batchSize: XLS_BATCH,
    batch: async (afterId) => {
      const rows = await repository.activityFillBatch(ctx.db, f, afterId, XLS_BATCH);
      const [{ label }] = await Promise.all([fillSubjects(ctx, rows), answers.prepare(rows)]);
      return rows.map((row) => ({ ...row, userName: label(row) }));
    },
    present: (row) => ({
      id: ctx.ids.encode(row.id),
      survey: surveyName.get(row.surveyId) ?? "",
      user: row.userName,
      company: row.companyName ?? "",
      date: romeDateTime(row.createdAt),
      score: row.score === null ? "" : `${row.score}${row.scoreBand ? ` (${row.scoreBand})` : ""}`,
      answers: answers.answers(row),
    }),
    log,
  });
  return { name: `report-${ctx.ids.encode(activity.id)}`, stream };
}
