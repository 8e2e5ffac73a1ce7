import {
  DEVICE_MESSAGES,
  MEASUREMENT_MESSAGES,
  MONITORING_FREQUENCY_MESSAGES,
  THRESHOLD_MESSAGES,
  ZDeviceAssignBody,
  ZDeviceCsvBody,
  ZDeviceExamBody,
  ZDeviceModelListResponse,
  ZDeviceProductBody,
  ZDeviceSyncResponse,
  ZExamFrequencyBody,
  ZExamListResponse,
  ZHealthActionLogResponse,
  ZHealthPersonParams,
  ZHistoryQuery,
  ZMeasurementBody,
  ZMeasurementFields,
  ZMeasurementHistoryResponse,
  ZMeasurementIdParams,
  ZMeasurementListQuery,
  ZMeasurementPagedResponse,
  ZMeasurementResponse,
  ZMessage,
  ZMonitoringFrequencyFields,
  ZMonitoringFrequencyListResponse,
  ZMonitoringFrequencyResponse,
  ZMonitoringFrequencyStateBody,
  ZPatientDeviceListResponse,
  ZPatientDeviceResponse,
  ZScaleListResponse,
  ZScoreDetailResponse,
  ZScoreFrequencyBody,
  ZScoreHistoryParams,
  ZScoreHistoryResponse,
  ZScoreResultListResponse,
  ZThresholdBandsBody,
  ZThresholdCreateBody,
  ZThresholdListResponse,
  ZThresholdNotesBody,
  ZThresholdResponse,
} from "@cura/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { CITIZEN, HEALTH_OPERATOR, HEALTH_READER } from "./access-rules.ts";
import { ownActionLog } from "./activity.ts";
import * as devices from "./devices.ts";
import type { FrequencyKind } from "./frequencies.ts";
import * as frequencies from "./frequencies.ts";
import * as measurements from "./measurements.ts";
import * as scores from "./scores.ts";
import * as thresholds from "./thresholds.ts";

const tags = ["health"];

/** Issue 11: parameters, measurements, thresholds, frequencies, scores, devices (spec 001 §7 "Health file"). */
export const measurementsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/exams",
    {
      // Spec 002 §7 lists `GET exams` among the utilities without authentication: reference data.
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "The parameters catalogue: unit, decimals, plausible range, reference values, LOINC",
        response: { 200: ZExamListResponse },
      },
    },
    async () => ({ data: await measurements.listExams(ctx) }),
  );

  // ── measurements ──
  app.get(
    "/exams/measurements/all",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "A person's readings, newest first, paged (user_id: someone else's file; exam_id: one parameter)",
        querystring: ZMeasurementListQuery,
        response: { 200: ZMeasurementPagedResponse },
      },
    },
    async (request) => measurements.listMeasurements(ctx, request, request.query),
  );

  app.post(
    "/exams/measurements/add",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "Add a reading: plausible, not in the future; stores its band and risk and an event for alerts",
        body: ZMeasurementBody,
        response: { 201: ZMeasurementResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await measurements.addMeasurement(ctx, request, request.body),
        message: MEASUREMENT_MESSAGES.saved,
      }),
  );

  app.get(
    "/exams/measurements/history/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "One parameter's readings over a window (default the last year, at most 366 days) and the bands",
        params: ZMeasurementIdParams,
        querystring: ZHistoryQuery,
        response: { 200: ZMeasurementHistoryResponse },
      },
    },
    async (request) => ({
      data: await measurements.measurementHistory(ctx, request, request.params.id, request.query),
    }),
  );

  app.put(
    "/exams/measurements/edit/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "Change a reading (its author only)",
        params: ZMeasurementIdParams,
        body: ZMeasurementFields,
        response: { 200: ZMeasurementResponse },
      },
    },
    async (request) => ({
      data: await measurements.editMeasurement(ctx, request, request.params.id, request.body),
      message: MEASUREMENT_MESSAGES.updated,
    }),
  );

  const remove = async (request: FastifyRequest) => {
    await measurements.deleteMeasurement(ctx, request, (request.params as { id: string }).id);
    return { message: MEASUREMENT_MESSAGES.deleted };
  };
  const deleteSchema = {
    config: { access: HEALTH_READER },
    schema: {
      tags,
      summary: "Delete a reading (its author only) and its attachment",
      params: ZMeasurementIdParams,
      response: { 200: ZMessage },
    },
  };
  app.get("/exams/measurements/delete/:id", deleteSchema, remove);
  app.delete("/exams/measurements/:id", deleteSchema, remove);

  app.get(
    "/exams/measurements/:id/allegato",
    {
      config: { access: HEALTH_READER },
      schema: { tags, summary: "A reading's attachment (decrypted)", params: ZMeasurementIdParams },
    },
    async (request, reply) => {
      const file = await measurements.measurementAttachment(ctx, request, request.params.id);
      return reply
        .header("content-type", file.mimeType)
        .header("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header("cache-control", "private, no-store")
        .send(file.bytes);
    },
  );

  // ── thresholds ──
  app.get(
    "/exams/thresholds/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "Every parameter's bands in effect for the person ({id}): custom, else the defaults",
        params: ZHealthPersonParams,
        response: { 200: ZThresholdListResponse },
      },
    },
    async (request) => ({ data: await thresholds.listThresholds(ctx, request, request.params.id) }),
  );

  app.post(
    "/exams/thresholds/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Set custom bands (1 to 7, no overlap) of one parameter for the person ({id})",
        params: ZHealthPersonParams,
        body: ZThresholdCreateBody,
        response: { 201: ZThresholdResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await thresholds.createThresholds(ctx, request, request.params.id, request.body),
        message: THRESHOLD_MESSAGES.saved,
      }),
  );

  app.put(
    "/exams/thresholds/custom/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Change a custom set's bands ({id}: the custom set)",
        params: ZHealthPersonParams,
        body: ZThresholdBandsBody,
        response: { 200: ZThresholdResponse },
      },
    },
    async (request) => ({
      data: await thresholds.updateThresholds(ctx, request, request.params.id, request.body.bands),
      message: THRESHOLD_MESSAGES.saved,
    }),
  );

  app.delete(
    "/exams/thresholds/custom/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Remove a custom set: the parameter's defaults apply again",
        params: ZHealthPersonParams,
        response: { 200: ZThresholdResponse },
      },
    },
    async (request) => ({
      data: await thresholds.deleteThresholds(ctx, request, request.params.id),
      message: THRESHOLD_MESSAGES.deleted,
    }),
  );

  app.put(
    "/exams/thresholds/custom/notes/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "A custom set's notes: the diagnostic or the operational protocol (or both) required",
        params: ZHealthPersonParams,
        body: ZThresholdNotesBody,
        response: { 200: ZThresholdResponse },
      },
    },
    async (request) => ({
      data: await thresholds.updateThresholdNotes(ctx, request, request.params.id, request.body),
      message: THRESHOLD_MESSAGES.notesSaved,
    }),
  );

  // ── frequencies (parameters and scales) ──
  const frequencyRoutes = (prefix: string, kind: FrequencyKind, createBody: typeof ZExamFrequencyBody) => {
    const targetOf = (body: Record<string, unknown>) => String(kind === "exam" ? body.exam_id : body.scale_id);
    app.get(
      `/${prefix}/frequencies/:id`,
      {
        config: { access: HEALTH_READER },
        schema: {
          tags,
          summary: `The person's ${kind === "exam" ? "parameter" : "scale"} frequencies ({id}: the person), with the next due time`,
          params: ZHealthPersonParams,
          response: { 200: ZMonitoringFrequencyListResponse },
        },
      },
      async (request) => ({ data: await frequencies.listFrequencies(ctx, request, kind, request.params.id) }),
    );
    app.post(
      `/${prefix}/frequencies/:id`,
      {
        config: { access: HEALTH_OPERATOR },
        schema: {
          tags,
          summary: "Set a frequency for the person ({id}): every N (1–365) months, weeks, days, hours or minutes (≥ 5)",
          params: ZHealthPersonParams,
          body: createBody,
          response: { 201: ZMonitoringFrequencyResponse },
        },
      },
      async (request, reply) => {
        const body = request.body as { every: number; unit: number } & Record<string, unknown>;
        const data = await frequencies.createFrequency(ctx, request, kind, request.params.id, targetOf(body), {
          every: body.every,
          unit: body.unit,
        });
        return reply.status(201).send({ data, message: MONITORING_FREQUENCY_MESSAGES.saved });
      },
    );
    app.put(
      `/${prefix}/frequencies/:id`,
      {
        config: { access: HEALTH_OPERATOR },
        schema: {
          tags,
          summary: "Change a frequency's interval ({id}: the frequency)",
          params: ZHealthPersonParams,
          body: ZMonitoringFrequencyFields,
          response: { 200: ZMonitoringFrequencyResponse },
        },
      },
      async (request) => ({
        data: await frequencies.changeFrequency(ctx, request, kind, request.params.id, request.body),
        message: MONITORING_FREQUENCY_MESSAGES.saved,
      }),
    );
    app.patch(
      `/${prefix}/frequencies/:id`,
      {
        config: { access: HEALTH_OPERATOR },
        schema: {
          tags,
          summary: "Suspend or resume a frequency ({id}: the frequency)",
          params: ZHealthPersonParams,
          body: ZMonitoringFrequencyStateBody,
          response: { 200: ZMonitoringFrequencyResponse },
        },
      },
      async (request) => ({
        data: await frequencies.changeFrequency(ctx, request, kind, request.params.id, { active: request.body.active }),
        message: request.body.active ? MONITORING_FREQUENCY_MESSAGES.resumed : MONITORING_FREQUENCY_MESSAGES.suspended,
      }),
    );
    app.delete(
      `/${prefix}/frequencies/:id`,
      {
        config: { access: HEALTH_OPERATOR },
        schema: {
          tags,
          summary: "Delete a frequency ({id}: the frequency)",
          params: ZHealthPersonParams,
          response: { 200: ZMessage },
        },
      },
      async (request) => {
        await frequencies.deleteFrequency(ctx, request, kind, request.params.id);
        return { message: MONITORING_FREQUENCY_MESSAGES.deleted };
      },
    );
  };
  frequencyRoutes("exams", "exam", ZExamFrequencyBody);
  frequencyRoutes("scores", "scale", ZScoreFrequencyBody as unknown as typeof ZExamFrequencyBody);

  // ── scores ──
  app.get(
    "/scores",
    {
      config: { access: HEALTH_READER },
      schema: { tags, summary: "The questionnaire scales and their bands", response: { 200: ZScaleListResponse } },
    },
    async () => ({ data: await scores.listScales(ctx) }),
  );

  app.get(
    "/scores/user/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "The person's last score of each scale ({id}: the person)",
        params: ZHealthPersonParams,
        response: { 200: ZScoreResultListResponse },
      },
    },
    async (request) => ({ data: await scores.lastScores(ctx, request, request.params.id) }),
  );

  app.get(
    "/scores/user/:id/score/:scale",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "One scale's scores of the person, oldest first, for the chart (the spec names both parameters {id})",
        params: ZScoreHistoryParams,
        response: { 200: ZScoreHistoryResponse },
      },
    },
    async (request) => ({
      data: await scores.scoreHistory(ctx, request, request.params.id, request.params.scale),
    }),
  );

  app.get(
    "/scores/details/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "One score with its items ({id}: the score)",
        params: ZHealthPersonParams,
        response: { 200: ZScoreDetailResponse },
      },
    },
    async (request) => ({ data: await scores.scoreDetails(ctx, request, request.params.id) }),
  );

  // ── devices ──
  app.get(
    "/wearabledevices",
    {
      config: { access: HEALTH_OPERATOR },
      schema: { tags, summary: "The devices catalogue", response: { 200: ZDeviceModelListResponse } },
    },
    async () => ({ data: await devices.listDeviceModels(ctx) }),
  );

  app.get(
    "/users/own/devices",
    {
      config: { access: CITIZEN },
      schema: { tags, summary: "The caller's own devices", response: { 200: ZPatientDeviceListResponse } },
    },
    async (request) => ({ data: await devices.listPatientDevices(ctx, request, null) }),
  );

  app.get(
    "/wearabledevices/users/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "The person's devices ({id}: the person)",
        params: ZHealthPersonParams,
        response: { 200: ZPatientDeviceListResponse },
      },
    },
    async (request) => ({ data: await devices.listPatientDevices(ctx, request, request.params.id) }),
  );

  app.post(
    "/wearabledevices/users/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Give the person ({id}) a device of the catalogue by its product code",
        params: ZHealthPersonParams,
        body: ZDeviceAssignBody,
        response: { 201: ZPatientDeviceResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await devices.assignDevice(ctx, request, request.params.id, request.body),
        message: DEVICE_MESSAGES.assigned,
      }),
  );

  app.put(
    "/wearabledevices/users/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Change an assigned device's product code ({id}: the assignment)",
        params: ZHealthPersonParams,
        body: ZDeviceProductBody,
        response: { 200: ZPatientDeviceResponse },
      },
    },
    async (request) => ({
      data: await devices.changeProductCode(ctx, request, request.params.id, request.body.product_code),
      message: DEVICE_MESSAGES.updated,
    }),
  );

  app.delete(
    "/wearabledevices/users/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Take a device back ({id}: the assignment); its readings stay",
        params: ZHealthPersonParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await devices.removeDevice(ctx, request, request.params.id);
      return { message: DEVICE_MESSAGES.removed };
    },
  );

  app.put(
    "/wearabledevices/users/exams/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Enable or disable one parameter the device reads ({id}: the assignment)",
        params: ZHealthPersonParams,
        body: ZDeviceExamBody,
        response: { 200: ZPatientDeviceResponse },
      },
    },
    async (request) => ({
      data: await devices.setDeviceExam(ctx, request, request.params.id, request.body.exam_id, request.body.enabled),
      message: DEVICE_MESSAGES.updated,
    }),
  );

  app.get(
    "/wearabledevices/users/measurements/update/:id",
    {
      config: { access: HEALTH_READER },
      schema: {
        tags,
        summary: "Ask the device gateway for new readings ({id}: the assignment)",
        params: ZHealthPersonParams,
        response: { 200: ZDeviceSyncResponse },
      },
    },
    async (request) => {
      const imported = await devices.requestDeviceUpdate(ctx, request, request.params.id);
      return { data: { imported }, message: DEVICE_MESSAGES.synced(imported) };
    },
  );

  app.post(
    "/wearabledevices/users/measurements/import/:id",
    {
      config: { access: HEALTH_OPERATOR },
      schema: {
        tags,
        summary: "Import the device vendor's CSV export (loinc;value;measured_at) ({id}: the assignment)",
        params: ZHealthPersonParams,
        body: ZDeviceCsvBody,
        response: { 200: ZDeviceSyncResponse },
      },
    },
    async (request) => {
      const imported = await devices.importDeviceCsv(ctx, request, request.params.id, request.body.csv);
      return { data: { imported }, message: DEVICE_MESSAGES.synced(imported) };
    },
  );

  // ── own activity ──
  app.get(
    "/users/own/chart/action-logs",
    {
      config: { access: CITIZEN },
      schema: {
        tags,
        summary: "The caller's own recorded actions per day over the last 30 days",
        response: { 200: ZHealthActionLogResponse },
      },
    },
    async (request) => ({ data: await ownActionLog(ctx, principalOf(request).userId) }),
  );
};
