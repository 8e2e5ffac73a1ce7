import {
  conflict,
  DEVICE_MESSAGES,
  fieldError,
  notFound,
  type TDeviceAssignBody,
  type TPatientDevice,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import { actorOf, recordAudit } from "../../../platform/audit/audit.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { CsvFormatError, csvGateway, type DeviceGateway, updateGateway } from "./device-gateway.ts";
import { bandColumns, measurementEvent } from "./measurements.ts";
import { presentPatientDevice } from "./presenters.ts";
import * as repository from "./repository.ts";
import { operatorViewer, readSubject, writeSubject } from "./subject.ts";

/** A unique index refused the write (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 3) return false;
  if ((error as { code?: unknown }).code === "23505") return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}

/** Devices (spec 002 §3 "Wearable device"): the catalogue, a person's devices, enabled parameters, updates. */

async function examsById(ctx: ModuleContext) {
  return new Map((await repository.listExams(ctx.db)).map((exam) => [exam.id, exam]));
}

/** `GET wearabledevices`: the catalogue with the parameters each model reads. */
export async function listDeviceModels(ctx: ModuleContext) {
  const [models, exams] = await Promise.all([repository.listDeviceModels(ctx.db), examsById(ctx)]);
  return models.map((model) => ({
    hashid: ctx.ids.encode(model.id),
    name: model.name,
    manufacturer: model.manufacturer,
    exams: model.examIds.map((id) => ({ hashid: ctx.ids.encode(id), name: exams.get(id)?.name ?? "" })),
  }));
}

/** `GET wearabledevices/users/{id}` ({id}: the person) and `GET users/own/devices`. */
export async function listPatientDevices(ctx: ModuleContext, request: FastifyRequest, person: string | null) {
  const subject = await readSubject(ctx, request, person, "dispositivi");
  const [rows, exams] = await Promise.all([repository.listPatientDevices(ctx.db, subject.patientId), examsById(ctx)]);
  const names = new Map([...exams].map(([id, exam]) => [id, exam.name]));
  return rows.map(({ device, model }) => presentPatientDevice(ctx.ids, device, model, names));
}

async function present(ctx: ModuleContext, device: repository.PatientDeviceRow, model: repository.DeviceModelRow) {
  const exams = await examsById(ctx);
  return presentPatientDevice(ctx.ids, device, model, new Map([...exams].map(([id, e]) => [id, e.name])));
}

/** `POST wearabledevices/users/{id}` ({id}: the person): an operator gives a device; every parameter it reads enabled. */
export async function assignDevice(
  ctx: ModuleContext,
  request: FastifyRequest,
  person: string,
  body: TDeviceAssignBody,
): Promise<TPatientDevice> {
  const subject = await writeSubject(ctx, request, person);
  const viewer = operatorViewer(subject);
  const modelId = ctx.ids.decode(body.device_id);
  const model = modelId === null ? null : await repository.findDeviceModel(ctx.db, modelId);
  if (!model) throw fieldError("device_id", DEVICE_MESSAGES.notFound);
  const device = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertPatientDevice(tx, {
      patientId: subject.patientId,
      deviceModelId: model.id,
      productCode: body.product_code,
      enabledExamIds: model.examIds,
      assignedBy: viewer.userId,
      companyId: viewer.companyId,
    });
    if (!inserted) throw conflict(DEVICE_MESSAGES.taken);
    await recordAudit(tx, actorOf(request), {
      action: "create",
      entity: "patient_device",
      entityId: inserted.id,
      companyId: viewer.companyId,
      detail: { patientId: subject.patientId, deviceModelId: model.id },
    });
    return inserted;
  });
  return present(ctx, device, model);
}

/** A person's device the caller may reach (404 otherwise); `operatorOnly` for changes to the assignment. */
async function reachableDevice(ctx: ModuleContext, request: FastifyRequest, hashid: string, operatorOnly: boolean) {
  const id = ctx.ids.decode(hashid);
  const found = id === null ? null : await repository.findPatientDevice(ctx.db, id);
  if (!found) throw notFound(DEVICE_MESSAGES.notFound);
  const subject = await writeSubject(ctx, request, ctx.ids.encode(found.device.patientId));
  if (operatorOnly) operatorViewer(subject);
  return { ...found, subject };
}

/** `PUT wearabledevices/users/{id}` ({id}: the assignment): a new product code (a replaced device). */
export async function changeProductCode(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  productCode: string,
) {
  const { device, model, subject } = await reachableDevice(ctx, request, hashid, true);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repository.updatePatientDevice(tx, device.id, { productCode }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict(DEVICE_MESSAGES.taken);
      throw error;
    });
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "patient_device",
      entityId: device.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: device.patientId },
    });
    return row as repository.PatientDeviceRow;
  });
  return present(ctx, updated, model);
}

/** `PUT wearabledevices/users/exams/{id}` ({id}: the assignment): enable or disable one parameter it reads. */
export async function setDeviceExam(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  examHashid: string,
  enabled: boolean,
) {
  const { device, model, subject } = await reachableDevice(ctx, request, hashid, true);
  const examId = ctx.ids.decode(examHashid);
  if (examId === null || !model.examIds.includes(examId)) throw fieldError("exam_id", DEVICE_MESSAGES.examNotSupported);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repository.setEnabledExam(tx, device.id, examId, enabled);
    await recordAudit(tx, actorOf(request), {
      action: "update",
      entity: "patient_device",
      entityId: device.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: device.patientId, examId, enabled },
    });
    return row as repository.PatientDeviceRow;
  });
  return present(ctx, updated, model);
}

/** `DELETE wearabledevices/users/{id}` ({id}: the assignment): the readings it brought stay on the file. */
export async function removeDevice(ctx: ModuleContext, request: FastifyRequest, hashid: string) {
  const { device, subject } = await reachableDevice(ctx, request, hashid, true);
  await ctx.db.transaction(async (tx) => {
    await repository.deletePatientDevice(tx, device.id);
    await recordAudit(tx, actorOf(request), {
      action: "delete",
      entity: "patient_device",
      entityId: device.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: device.patientId },
    });
  });
}

/**
 * Stores what a gateway returns for a device: enabled parameters only, plausible values only, each
 * reading once (the unique index skips repeats), each with its band and risk and its event for the
 * alert job, all in one transaction with the device's last update time.
 */
async function importReadings(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  gateway: (device: repository.PatientDeviceRow) => DeviceGateway,
) {
  const { device, subject } = await reachableDevice(ctx, request, hashid, false);
  const exams = await examsById(ctx);
  const enabled = device.enabledExamIds.map((id) => exams.get(id)).filter((e) => e !== undefined);
  const byLoinc = new Map(enabled.map((exam) => [exam.loinc as string, exam]));
  const now = new Date();
  const readings = await gateway(device).readings(
    { productCode: device.productCode, loincs: [...byLoinc.keys()] },
    device.lastSyncAt,
    now,
  );
  return ctx.db.transaction(async (tx) => {
    const custom = new Map((await repository.listThresholds(tx, device.patientId)).map((t) => [t.examId, t.bands]));
    const values = readings.flatMap((reading) => {
      const exam = byLoinc.get(reading.loinc);
      if (!exam || reading.value < exam.plausibleMin || reading.value > exam.plausibleMax) return [];
      return [
        {
          patientId: device.patientId,
          examId: exam.id,
          value: reading.value,
          measuredAt: reading.measuredAt,
          authorId: device.patientId,
          authorKind: "paziente" as const,
          source: "dispositivo" as const,
          patientDeviceId: device.id,
          ...bandColumns(custom.get(exam.id) ?? exam.bands, reading.value),
        },
      ];
    });
    const inserted = await repository.insertDeviceReadings(tx, values);
    await repository.insertEvents(
      tx,
      inserted.map((row) => measurementEvent("measurement.saved", row)),
    );
    await repository.updatePatientDevice(tx, device.id, { lastSyncAt: now });
    await recordAudit(tx, actorOf(request), {
      action: "sync",
      entity: "patient_device",
      entityId: device.id,
      companyId: subject.viewer.kind === "operator" ? subject.viewer.companyId : null,
      detail: { patientId: device.patientId, imported: inserted.length },
    });
    return inserted.length;
  });
}

/** `GET wearabledevices/users/measurements/update/{id}` ({id}: the assignment): ask the gateway for new readings. */
export function requestDeviceUpdate(
  ctx: ModuleContext,
  request: FastifyRequest,
  hashid: string,
  gateway?: DeviceGateway,
) {
  return importReadings(ctx, request, hashid, () => gateway ?? updateGateway(ctx.config));
}

/** `POST wearabledevices/users/measurements/import/{id}`: the vendor's CSV export, the real path. */
export function importDeviceCsv(ctx: ModuleContext, request: FastifyRequest, hashid: string, csv: string) {
  let gateway: DeviceGateway;
  try {
    gateway = csvGateway(csv);
  } catch (error) {
    if (error instanceof CsvFormatError) throw fieldError("csv", error.message);
    throw error;
  }
  return importReadings(ctx, request, hashid, () => gateway);
}
