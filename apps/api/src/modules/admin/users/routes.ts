import type { Readable } from "node:stream";
import {
  ZAdminDashboardResponse,
  ZAdminUserParams,
  ZAdminUserResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAnagraficaFields,
  ZAssignCompanyBody,
  ZDevSuspensionsRunBody,
  ZDevSuspensionsRunResponse,
  ZMessage,
  ZPageQuery,
  ZPublicContactBody,
  ZPublicContactsQuery,
  ZPublicContactsResponse,
  ZTodayRegistrationsResponse,
} from "@cura/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { addSuspensionListener } from "../../identity/index.ts";
import { PLATFORM_ADMIN, PUBLIC } from "./access-rules.ts";
import * as exports from "./export.ts";
import * as users from "./service.ts";

const tags = ["admin"];
const ZExportUsersQuery = ZAdminUsersQuery.omit({ page: true, per_page: true });
const ZExportContactsQuery = ZPublicContactsQuery.omit({ page: true, per_page: true });

function sendWorkbook(reply: FastifyReply, name: string, stream: Readable) {
  return reply
    .header("content-type", exports.XLSX_TYPE)
    .header("content-disposition", `attachment; filename="${exports.fileName(name)}"`)
    .header("cache-control", "no-store")
    .send(stream);
}

/** The back office's accounts, registrations, public contacts and dashboard (issue 14). */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  // Suspensions with an end: kept by the listener, lifted by the job.
  addSuspensionListener(users.keepSuspensionEnd);
  ctx.jobs.define({
    name: "admin-suspensions-end",
    cron: "* * * * *",
    run: async () => {
      await users.endDueSuspensions(ctx);
    },
  });
  if (ctx.config.devTools) {
    // Development and the journeys only: the same job on a later clock, so that a suspension "until
    // tomorrow" is seen lifted without waiting a day or editing the database (issue 14's journey 3).
    app.post(
      "/dev/suspensions/run",
      {
        config: { access: PLATFORM_ADMIN },
        schema: {
          tags,
          summary: "Development only: run the job that lifts ended suspensions as if it were `now`",
          body: ZDevSuspensionsRunBody,
          response: { 200: ZDevSuspensionsRunResponse },
        },
      },
      async (request) => ({ data: { restored: await users.endDueSuspensions(ctx, new Date(request.body.now)) } }),
    );
  }

  app.get(
    "/utilities/dati/app",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "The administrator's dashboard: users by type, registrations today and this week, active companies, today's bookings by status and teleconsultations",
        response: { 200: ZAdminDashboardResponse },
      },
    },
    async () => ({ data: await users.dashboard(ctx) }),
  );

  app.get(
    "/users/registrati",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Every account (paged): q (name, tax code, e-mail), type, status, company, registration dates; newest first",
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse },
      },
    },
    async (request) => users.listUsers(ctx, request.query),
  );

  app.get(
    "/users/registrati/export/xls",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: {
        tags,
        summary: "The accounts the filters of users/registrati match, as an Excel workbook (streamed)",
        querystring: ZExportUsersQuery,
      },
    },
    async (request, reply) => sendWorkbook(reply, "utenti", exports.usersWorkbook(ctx, request.query, request.log)),
  );

  app.get(
    "/users/registrati/oggi",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Today's registrations (Italian day, paged) and the registrations of today, this week, month and year",
        querystring: ZPageQuery,
        response: { 200: ZTodayRegistrationsResponse },
      },
    },
    async (request) => users.todayRegistrations(ctx, request.query),
  );

  app.get(
    "/users/registrati/oggi/export/xls",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: { tags, summary: "Today's registrations as an Excel workbook (streamed)" },
    },
    async (request, reply) => sendWorkbook(reply, "registrazioni-oggi", exports.todayWorkbook(ctx, request.log)),
  );

  app.put(
    "/users/anagrafica/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Replace a user's personal record, under the rules of their own profile",
        params: ZAdminUserParams,
        body: ZAnagraficaFields,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      data: await users.updateAnagrafica(ctx, request, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/users/profile/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Delete (anonymise) an account; not oneself, not the last administrator (409)",
        params: ZAdminUserParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await users.deleteUser(ctx, request, principalOf(request), request.params.id) }),
  );

  app.post(
    "/users/:id/send-welcome-email",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "E-mail the user a single-use link to set their password, valid 72 hours",
        params: ZAdminUserParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await users.sendWelcomeEmail(ctx, request, request.params.id) }),
  );

  app.post(
    "/users/:id/assign-to-company",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Make an operator a member of a company (company_id: its hashid); others 422",
        params: ZAdminUserParams,
        body: ZAssignCompanyBody,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ({
      data: await users.assignToCompany(ctx, request, request.params.id, request.body.company_id),
      message: "Operatore associato all'azienda",
    }),
  );

  app.get(
    "/users/contatti/pubblici",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "The messages of the public home's contact form, newest first (q, from, to; paged)",
        querystring: ZPublicContactsQuery,
        response: { 200: ZPublicContactsResponse },
      },
    },
    async (request) => users.listContacts(ctx, request.query),
  );

  app.get(
    "/users/contatti/pubblici/export/xls",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: {
        tags,
        summary: "The public contacts the filters match, as an Excel workbook (streamed)",
        querystring: ZExportContactsQuery,
      },
    },
    async (request, reply) =>
      sendWorkbook(reply, "contatti", exports.contactsWorkbook(ctx, request.query, request.log)),
  );

  app.post(
    "/utilities/contatti",
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: "The public home's contact form: name, e-mail, phone, message, privacy consent (throttled)",
        body: ZPublicContactBody,
        response: { 201: ZMessage },
      },
    },
    async (request, reply) => reply.code(201).send({ message: await users.receiveContact(ctx, request, request.body) }),
  );
};
