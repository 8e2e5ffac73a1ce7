import type { Executor } from "../../../db/client.ts";
import type { Ids } from "../../../platform/ids.ts";
import type { HealthSubject } from "../access.ts";
import type { IpsVitalSign } from "../ips-sources.ts";
import * as repository from "./repository.ts";

/** How many of the newest readings the summary looks through for each parameter's latest. */
const RECENT_READINGS = 200;

/**
 * The IPS vital-signs section (health/ips-sources.ts): the latest reading of each parameter the viewer
 * may see (the repository's "private to author" clause), with the parameter's LOINC code.
 */
export async function ipsVitalSigns(db: Executor, ids: Ids, subject: HealthSubject): Promise<IpsVitalSign[]> {
  const [exams, { rows }] = await Promise.all([
    repository.listExams(db),
    repository.listMeasurements(db, subject.patientId, subject.viewer.userId, null, {
      limit: RECENT_READINGS,
      offset: 0,
    }),
  ]);
  const loinc = new Map(exams.map((e) => [e.id, e.loinc]));
  const latest = new Map<number, IpsVitalSign>();
  // Newest first: the first reading of a parameter is its latest.
  for (const { measurement, exam } of rows) {
    if (latest.has(exam.id)) continue;
    latest.set(exam.id, {
      id: ids.encode(measurement.id),
      loinc: loinc.get(exam.id) ?? null,
      name: exam.name,
      value: measurement.value,
      unit: exam.unit,
      at: measurement.measuredAt,
    });
  }
  return [...latest.values()];
}
