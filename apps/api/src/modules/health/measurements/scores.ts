import { notFound, SCORE_MESSAGES, type TScoreResult } from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../../db/client.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { presentScale, presentScore } from "./presenters.ts";
import * as repository from "./repository.ts";
import { readSubject } from "./subject.ts";

/** Questionnaire scores (spec 001 §3 "Questionnaire score"): written by the surveys' scoring, read here. */

async function scalesById(ctx: ModuleContext) {
  return new Map((await repository.listScales(ctx.db)).map((scale) => [scale.id, scale]));
}

/** `GET scores`: the scales catalogue. */
export async function listScales(ctx: ModuleContext) {
  return (await repository.listScales(ctx.db)).map((scale) => presentScale(ctx.ids, scale));
}

/** `GET scores/user/{id}`: the person's last score of each scale. */
export async function lastScores(ctx: ModuleContext, request: FastifyRequest, person: string): Promise<TScoreResult[]> {
  const subject = await readSubject(ctx, request, person, "questionari");
  const [rows, scales] = await Promise.all([repository.lastScores(ctx.db, subject.patientId), scalesById(ctx)]);
  return rows.map((row) => presentScore(ctx.ids, row, scales.get(row.scaleId) as repository.ScaleRow));
}

/** `GET scores/user/{id}/score/{id}`: one scale's history for the chart. */
export async function scoreHistory(ctx: ModuleContext, request: FastifyRequest, person: string, scaleHashid: string) {
  const subject = await readSubject(ctx, request, person, "questionari");
  const scaleId = ctx.ids.decode(scaleHashid);
  const scale = scaleId === null ? null : await repository.findScale(ctx.db, scaleId);
  if (!scale) throw notFound(SCORE_MESSAGES.scaleNotFound);
  const rows = await repository.scoreHistory(ctx.db, subject.patientId, scale.id);
  return { scale: presentScale(ctx.ids, scale), points: rows.map((row) => presentScore(ctx.ids, row, scale)) };
}

/** `GET scores/details/{id}`: one score with its items, to whoever may read the person's file. */
export async function scoreDetails(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const id = ctx.ids.decode(hashid);
  const row = id === null ? null : await repository.findScore(ctx.db, id);
  if (!row) throw notFound(SCORE_MESSAGES.notFound);
  await readSubject(ctx, request, ctx.ids.encode(row.patientId), "questionari", hashid);
  const scale = (await repository.findScale(ctx.db, row.scaleId)) as repository.ScaleRow;
  return { ...presentScore(ctx.ids, row, scale), items: row.items };
}

/**
 * For the surveys' scoring (issue 10): stores a completed questionnaire's score on the person's file,
 * with the band label and risk of its scale. Exported through the health module's index.
 */
export async function recordScore(db: Executor, values: ScoreValues) {
  const scored = await scoredValues(db, values);
  return repository.insertScore(db, {
    ...scored,
    patientId: values.patientId,
    sourceRef: values.sourceRef ?? null,
    takenAt: values.takenAt,
  });
}

type ScoreValues = {
  patientId: number;
  scaleCode: string;
  value: number;
  takenAt: Date;
  items?: Array<{ question: string; answer: string; points: number }>;
  sourceRef?: string;
};

/** A score's scale, and the band label and risk its value falls in (the scale's own bands). */
async function scoredValues(db: Executor, values: Pick<ScoreValues, "scaleCode" | "value" | "items">) {
  const scale = (await repository.listScales(db)).find((s) => s.code === values.scaleCode);
  if (!scale) throw notFound(SCORE_MESSAGES.scaleNotFound);
  const band = scale.bands.find((b) => values.value >= b.min && values.value <= b.max) ?? null;
  return {
    scaleId: scale.id,
    value: values.value,
    label: band?.label ?? null,
    risk: band?.risk ?? null,
    items: values.items ?? [],
  };
}

/**
 * For the surveys' scoring, when the source of a score changes (a fill edited or deleted): the
 * person's point of that `sourceRef` corrected in place — same point, same time taken, the new
 * value, band and items — so the history shows the corrected score once, not the old one beside
 * it; `null` removes it (the fill gone, or no longer scored). A source without a point yet gets
 * one taken at `takenAt`. Runs in the caller's transaction (the fill's change and its score commit
 * together). Exported through the health module's index.
 */
export async function replaceScore(
  db: Executor,
  source: { patientId: number; sourceRef: string },
  values: Omit<ScoreValues, "patientId" | "sourceRef"> | null,
) {
  if (values === null) {
    await repository.deleteScoresOfSource(db, source.patientId, source.sourceRef);
    return;
  }
  const scored = await scoredValues(db, values);
  const updated = await repository.updateScoresOfSource(db, source.patientId, source.sourceRef, scored);
  if (updated === 0)
    await repository.insertScore(db, {
      ...scored,
      patientId: source.patientId,
      sourceRef: source.sourceRef,
      takenAt: values.takenAt,
    });
}
