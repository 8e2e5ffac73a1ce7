import type { Executor } from "../../db/client.ts";
import type { Ids } from "../../platform/ids.ts";
import type { HealthSubject } from "./access.ts";

/**
 * What the other parts of the health module give the FHIR International Patient Summary
 * (`GET users/own/fhir/ips`, health/records/ips.ts). Each part registers its source while registering
 * its routes; a section with no source is exported empty, with its emptyReason. Every source applies
 * its own "private to author" rule for `subject.viewer` (others' private records are excluded).
 */
export interface IpsVitalSign {
  /** The reading's hashid. */
  id: string;
  loinc: string | null;
  name: string;
  value: number;
  unit: string;
  at: Date;
}
export interface IpsCondition {
  id: string;
  name: string;
  icd10: string | null;
  /** YYYY-MM-DD */
  start: string | null;
  end: string | null;
}
export interface IpsMedication {
  id: string;
  drug: string;
  /** The 9-digit AIC code, when the drug is from the catalogue. */
  aic: string | null;
  /** Dosage in words ("1 compressa, mattino"). */
  dosage: string | null;
  start: string | null;
  end: string | null;
  active: boolean;
}

export interface IpsSources {
  vitalSigns?: (db: Executor, ids: Ids, subject: HealthSubject) => Promise<IpsVitalSign[]>;
  conditions?: (db: Executor, ids: Ids, subject: HealthSubject) => Promise<IpsCondition[]>;
  medications?: (db: Executor, ids: Ids, subject: HealthSubject) => Promise<IpsMedication[]>;
}

const sources: IpsSources = {};

/** Called once by a part of the module (measurements: vitalSigns; therapies: conditions, medications). */
export function registerIpsSource<K extends keyof IpsSources>(kind: K, source: NonNullable<IpsSources[K]>): void {
  sources[kind] = source;
}

export function ipsSources(): Readonly<IpsSources> {
  return sources;
}
