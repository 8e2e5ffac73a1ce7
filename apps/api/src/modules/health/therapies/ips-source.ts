import { romeToday } from "@cura/domain";
import type { Executor } from "../../../db/client.ts";
import type { Ids } from "../../../platform/ids.ts";
import type { HealthSubject } from "../access.ts";
import type { IpsCondition, IpsMedication } from "../ips-sources.ts";
import * as repository from "./repository.ts";
import { stateOf } from "./therapies.ts";

/** The summary lists at most this many pathologies and therapies, newest first. */
const IPS_MAX = 200;
const FIRST_PAGE = { limit: IPS_MAX, offset: 0 };
/** A catalogue drug's code is its AIC when it is the 9-digit one. */
const AIC = /^\d{9}$/;

/** The IPS problems section: the pathologies the viewer may see (the repository's "private to author"). */
export async function ipsConditions(db: Executor, ids: Ids, subject: HealthSubject): Promise<IpsCondition[]> {
  const { rows } = await repository.listPathologies(db, subject.patientId, subject.viewer.userId, FIRST_PAGE);
  return rows.map((row) => ({
    id: ids.encode(row.id),
    name: row.name,
    icd10: row.icd10Code,
    start: row.startDate,
    end: row.endDate,
  }));
}

/** The IPS medications section: the therapies the viewer may see, active (not suspended nor finished) or not. */
export async function ipsMedications(db: Executor, ids: Ids, subject: HealthSubject): Promise<IpsMedication[]> {
  const today = romeToday();
  const { rows } = await repository.listTherapies(db, subject.patientId, subject.viewer.userId, { today }, FIRST_PAGE);
  return rows.map((row) => ({
    id: ids.encode(row.id),
    drug: row.drugName,
    aic: row.drugCode && AIC.test(row.drugCode) ? row.drugCode : null,
    dosage: `${row.dosage} ${row.dosageUnit}${row.intakeMoments.length > 0 ? `, ${row.intakeMoments.join(", ").replaceAll("_", " ")}` : ""}`,
    start: row.startDate,
    end: row.endDate,
    active: stateOf(row, today) === "attiva",
  }));
}
