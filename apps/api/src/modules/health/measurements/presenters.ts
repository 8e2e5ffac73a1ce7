import type {
  TBand,
  TExam,
  TMeasurement,
  TMonitoringFrequency,
  TPatientDevice,
  TScale,
  TScoreResult,
  TThresholdSet,
} from "@cura/domain";
import type { Ids } from "../../../platform/ids.ts";
import type {
  DeviceModelRow,
  ExamRow,
  FrequencyRow,
  MeasurementWithExam,
  PatientDeviceRow,
  ScaleRow,
  ScoreRow,
  ThresholdRow,
} from "./repository.ts";

export function presentExam(ids: Ids, exam: ExamRow): TExam {
  return {
    hashid: ids.encode(exam.id),
    name: exam.name,
    unit: exam.unit,
    decimals: exam.decimals,
    min: exam.plausibleMin,
    max: exam.plausibleMax,
    reference_min: exam.referenceMin,
    reference_max: exam.referenceMax,
    loinc: exam.loinc,
  };
}

export function presentMeasurement(ids: Ids, row: MeasurementWithExam, viewerId: number): TMeasurement {
  const m = row.measurement;
  const band: TBand | null =
    m.bandMin !== null && m.bandMax !== null && m.risk !== null
      ? { min: m.bandMin, max: m.bandMax, risk: m.risk }
      : null;
  return {
    hashid: ids.encode(m.id),
    exam_id: ids.encode(row.exam.id),
    exam: row.exam.name,
    unit: row.exam.unit,
    decimals: row.exam.decimals,
    value: m.value,
    measured_at: m.measuredAt.toISOString(),
    private: m.private,
    notes: m.notes,
    band,
    risk: m.risk,
    source: m.source,
    author: m.authorKind,
    mine: m.authorId === viewerId,
    attachment: m.attachmentId ? { hashid: ids.encode(m.attachmentId), name: m.attachmentName ?? "allegato" } : null,
    created_at: m.createdAt.toISOString(),
  };
}

export function presentThresholds(ids: Ids, exam: ExamRow, custom: ThresholdRow | null): TThresholdSet {
  return {
    exam_id: ids.encode(exam.id),
    exam: exam.name,
    unit: exam.unit,
    hashid: custom ? ids.encode(custom.id) : null,
    custom: custom !== null,
    bands: custom ? custom.bands : exam.bands,
    diagnostic_protocol: custom?.diagnosticProtocol ?? null,
    operational_protocol: custom?.operationalProtocol ?? null,
    notes: custom?.notes ?? null,
    updated_at: custom ? custom.updatedAt.toISOString() : null,
  };
}

export function presentFrequency(
  ids: Ids,
  row: FrequencyRow,
  target: { id: number; name: string },
  nextDueAt: Date | null,
): TMonitoringFrequency {
  return {
    hashid: ids.encode(row.id),
    target_id: ids.encode(target.id),
    target: target.name,
    every: row.every,
    unit: row.unit,
    active: row.active,
    next_due_at: row.active && nextDueAt ? nextDueAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentScale(ids: Ids, scale: ScaleRow): TScale {
  return {
    hashid: ids.encode(scale.id),
    code: scale.code,
    name: scale.name,
    min: scale.minScore,
    max: scale.maxScore,
    bands: scale.bands,
  };
}

export function presentScore(ids: Ids, score: ScoreRow, scale: ScaleRow): TScoreResult {
  return {
    hashid: ids.encode(score.id),
    scale_id: ids.encode(scale.id),
    scale: scale.name,
    value: score.value,
    label: score.label,
    risk: score.risk,
    taken_at: score.takenAt.toISOString(),
  };
}

export function presentPatientDevice(
  ids: Ids,
  device: PatientDeviceRow,
  model: DeviceModelRow,
  examNames: Map<number, string>,
): TPatientDevice {
  return {
    hashid: ids.encode(device.id),
    device_id: ids.encode(model.id),
    name: model.name,
    manufacturer: model.manufacturer,
    product_code: device.productCode,
    exams: model.examIds.map((id) => ({
      hashid: ids.encode(id),
      name: examNames.get(id) ?? "",
      enabled: device.enabledExamIds.includes(id),
    })),
    last_sync_at: device.lastSyncAt ? device.lastSyncAt.toISOString() : null,
    created_at: device.createdAt.toISOString(),
  };
}
