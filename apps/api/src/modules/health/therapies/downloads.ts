import type { TTherapy } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { ModuleContext } from "../../../platform/module.ts";
import { addDays, isoWeekday, zonedDate } from "../../../platform/zoned-time.ts";
import { scheduleOf } from "./adherence.ts";
import { therapySheet, weeklyRecap } from "./pdf.ts";
import * as repository from "./repository.ts";
import { scheduledIntakes, TIME_ZONE } from "./schedule.ts";
import { presentTherapies, therapyFor } from "./therapies.ts";
import { accessSubject } from "./viewer.ts";

/** The therapy PDFs: the sheet of one therapy, and the weekly recap (issue 11 "PDFs"). */

/** `GET therapies/download/{id}`: the therapy sheet; another author's private therapy is a 404. */
export async function therapySheetPdf(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { subject, row } = await therapyFor(ctx, request, hashid, { section: "terapie" });
  const [therapy] = await presentTherapies(ctx, subject, [row]);
  return therapySheet(therapy as TTherapy);
}

/**
 * `GET therapies/download/pdf-weekly-recap?user=`: the week (Monday to Sunday) of the given day,
 * default this week, of the therapies the caller can see, by intake moment.
 */
export async function weeklyRecapPdf(
  ctx: ModuleContext,
  request: FastifyRequest,
  query: { user?: string; week?: string },
) {
  const subject = await accessSubject(ctx, request, query.user, { section: "terapie" });
  const day = query.week ?? zonedDate(Date.now(), TIME_ZONE);
  const monday = addDays(day, 1 - isoWeekday(day));
  const sunday = addDays(monday, 6);
  const rows = await repository.currentTherapies(ctx.db, subject.patientId, subject.viewer.userId, monday);
  const therapies = rows
    .map((row) => ({
      name: row.drugName,
      dosage: `${row.dosage} ${row.dosageUnit}`,
      intakes: scheduledIntakes(scheduleOf(row), monday, sunday),
    }))
    .filter((t) => t.intakes.length > 0);
  return { monday, pdf: await weeklyRecap(monday, therapies) };
}
