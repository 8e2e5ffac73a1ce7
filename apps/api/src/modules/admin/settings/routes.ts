import {
  ADMIN_SETTINGS_MESSAGES,
  ZCreateSettingBody,
  ZMessage,
  ZPublicSettingsResponse,
  ZRolesQuery,
  ZRolesResponse,
  ZSettingKeyParams,
  ZSettingResponse,
  ZSettingsResponse,
  ZSystemLogQuery,
  ZSystemLogResponse,
  ZUpdateSettingBody,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { setSettingReader } from "../../../platform/settings.ts";
import { PLATFORM_ADMIN, PUBLIC } from "./access-rules.ts";
import * as settings from "./service.ts";
import * as syslog from "./syslog.ts";

const tags = ["admin"];

/** Settings (`settingsys/nuovo`, `utilities/settings`), roles and the system log (`syslog`) of the back office. */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // The modules that honour a flag read it through platform/settings.ts.
  setSettingReader(settings.settingValue);

  app.get(
    "/utilities/settings",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The public settings (feature flags, support phone and e-mail, brand texts) as key → value",
        response: { 200: ZPublicSettingsResponse },
      },
    },
    async () => ({ data: await settings.publicSettings(ctx) }),
  );

  app.get(
    "/admin/settings",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Every setting with its type, value and visibility",
        response: { 200: ZSettingsResponse },
      },
    },
    async () => ({ data: await settings.listSettings(ctx) }),
  );

  app.post(
    "/admin/settings",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Create a setting (key, type, value, public, description); the value is checked against the type",
        body: ZCreateSettingBody,
        response: { 201: ZSettingResponse },
      },
    },
    async (request, reply) => {
      const created = await settings.createSetting(ctx, request, principalOf(request), request.body);
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    "/admin/settings/:key",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Change a setting's value, visibility or description; it applies at once",
        params: ZSettingKeyParams,
        body: ZUpdateSettingBody,
        response: { 200: ZSettingResponse },
      },
    },
    async (request) => ({
      data: await settings.updateSetting(ctx, request, principalOf(request), request.params.key, request.body),
    }),
  );

  app.delete(
    "/admin/settings/:key",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Remove a setting an administrator added",
        params: ZSettingKeyParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await settings.removeSetting(ctx, request, request.params.key);
      return { message: ADMIN_SETTINGS_MESSAGES.settingRemoved };
    },
  );

  app.get(
    "/utilities/roles",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "The platform's roles; admins and croom only with include-admins, include-croom",
        querystring: ZRolesQuery,
        response: { 200: ZRolesResponse },
      },
    },
    async (request) => ({ data: settings.listRoles(request.query) }),
  );

  app.get(
    "/utilities/dati/logs",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: {
        tags,
        summary:
          "The system log, newest first: filters user, user_type, action (prefix), entity, from, to, ip; paged; export=xls streams the workbook",
        querystring: ZSystemLogQuery,
        response: { 200: ZSystemLogResponse },
      },
    },
    async (request, reply) => {
      if (request.query.export === "xls") {
        const file = await syslog.exportLog(ctx, request.query, request.log);
        return (
          reply
            .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            .header("content-disposition", `attachment; filename="${file.fileName}"`)
            // A stream is sent as it is (Fastify serialises only objects): the schema documents the JSON answer.
            .send(file.stream as never)
        );
      }
      return syslog.listLog(ctx, request.query);
    },
  );
};
