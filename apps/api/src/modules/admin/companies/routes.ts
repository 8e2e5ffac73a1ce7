import {
  ADMIN_COMPANY_MESSAGES,
  ADMIN_SERVICE_MESSAGES,
  ZAdminCodeSendBody,
  ZAdminCompaniesQuery,
  ZAdminCompaniesResponse,
  ZAdminCompanyBody,
  ZAdminCompanyDetailResponse,
  ZAdminCompanyServiceBody,
  ZAdminCompanyServiceParams,
  ZAdminCompanyServiceResponse,
  ZAdminHealthServicesQuery,
  ZAdminHealthServicesResponse,
  ZAdminOperatorRoleBody,
  ZAdminPlatformServiceBody,
  ZAdminPlatformServiceResponse,
  ZAdminPlatformServicesResponse,
  ZCompanyParams,
  ZCompanyRegisterBody,
  ZCompanyReportBody,
  ZCompanyToggleBody,
  ZHashParams,
  ZHealthServiceImportResponse,
  ZIdParams,
  ZMessage,
  ZOperatorResponse,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../../platform/auth/access.ts";
import type { ModuleContext } from "../../../platform/module.ts";
import { readUpload } from "../../files/index.ts";
import { PLATFORM_ADMIN } from "./access-rules.ts";
import { importHealthServices } from "./import.ts";
import * as platformServices from "./platform-services.ts";
import * as companies from "./service.ts";
import { companiesReport, companiesWorkbook, importTemplate, XLSX_TYPE } from "./workbooks.ts";

const tags = ["admin"];

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The administrator's companies (spec 002 §7 "Administrator calls", companies/*). `GET companies/{id}/operators`
 * is served by the companies module (its rule admits platform administrators).
 */
export const adminCompaniesRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies",
    {
      config: { access: PLATFORM_ADMIN, download: true },
      schema: {
        tags,
        summary: "Companies, filtered and paged; `export=xls` answers the whole filtered list as an Excel workbook",
        querystring: ZAdminCompaniesQuery,
        response: { 200: ZAdminCompaniesResponse },
      },
    },
    async (request, reply) => {
      if (request.query.export === "xls") {
        // A stream, not the page's shape: sent as it is, past the response schema's serializer.
        return reply
          .header("content-type", XLSX_TYPE)
          .header("content-disposition", `attachment; filename="aziende-${today()}.xlsx"`)
          .send(companiesWorkbook(ctx, request.query, request.log) as never);
      }
      return companies.listCompanies(ctx, request.query);
    },
  );

  app.post(
    "/companies/massive/report",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "The selected companies (ids, from, to) with their bookings by status, as an Excel workbook",
        body: ZCompanyReportBody,
      },
    },
    async (request, reply) =>
      reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", `attachment; filename="report-aziende-${today()}.xlsx"`)
        .send(await companiesReport(ctx, request.body)),
  );

  app.post(
    "/companies/new/register",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Register a company (data, level, type, subtype) with its first administrator operator, who gets the welcome e-mail",
        body: ZCompanyRegisterBody,
        response: { 201: ZAdminCompanyDetailResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await companies.registerCompany(ctx, request, request.body),
        message: ADMIN_COMPANY_MESSAGES.registered,
      }),
  );

  app.get(
    "/companies/:company/admin",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "A company as the administrator sees it: every field, the code, every platform service",
        params: ZCompanyParams,
        response: { 200: ZAdminCompanyDetailResponse },
      },
    },
    async (request) => ({ data: await companies.companyDetail(ctx, request.params.company) }),
  );

  app.put(
    "/companies/:company",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Replace a company's data, level and type included",
        params: ZCompanyParams,
        body: ZAdminCompanyBody,
        response: { 200: ZAdminCompanyDetailResponse },
      },
    },
    async (request) => ({
      data: await companies.updateCompany(ctx, request, request.params.company, request.body),
      message: ADMIN_COMPANY_MESSAGES.updated,
    }),
  );

  app.patch(
    "/companies/:company/toggle-status",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Enable or disable a company (active; absent toggles): a disabled one leaves search and its operators cannot sign in",
        params: ZCompanyParams,
        body: ZCompanyToggleBody,
        response: { 200: ZAdminCompanyDetailResponse },
      },
    },
    async (request) => {
      const { detail, active } = await companies.toggleStatus(
        ctx,
        request,
        request.params.company,
        request.body?.active,
      );
      return { data: detail, message: active ? ADMIN_COMPANY_MESSAGES.enabled : ADMIN_COMPANY_MESSAGES.disabled };
    },
  );

  app.delete(
    "/companies/operators/:hash/remove",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Detach an operator ({hash}: user) from their company; the account stays. 409 for its only administrator",
        params: ZHashParams,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await companies.removeOperator(ctx, request, request.params.hash) }),
  );

  app.patch(
    "/companies/operators/:hash/admin/change-role",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Set an operator's role and permission strings ({hash}: user). 409 demoting a company's only administrator",
        params: ZHashParams,
        body: ZAdminOperatorRoleBody,
        response: { 200: ZOperatorResponse },
      },
    },
    async (request) => ({
      data: await companies.changeRole(ctx, request, principalOf(request), request.params.hash, request.body),
      message: ADMIN_COMPANY_MESSAGES.updated,
    }),
  );

  app.post(
    "/companies/:company/admin/code/send",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "E-mail the company code to the company's administrators (or to `email`)",
        params: ZCompanyParams,
        body: ZAdminCodeSendBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({
      message: await companies.sendCode(ctx, request, request.params.company, request.body?.email),
    }),
  );

  app.patch(
    "/companies/:company/services/set/:service_hash",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Enable a platform service for a company and who pays it (active, payed_by_company, payed_by_citizen)",
        params: ZAdminCompanyServiceParams,
        body: ZAdminCompanyServiceBody,
        response: { 200: ZAdminCompanyServiceResponse },
      },
    },
    async (request) => ({
      data: await companies.setService(ctx, request, request.params.company, request.params.service_hash, request.body),
      message: ADMIN_COMPANY_MESSAGES.serviceUpdated,
    }),
  );

  app.post(
    "/companies/:company/healthservices/import",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary:
          "Import health services (multipart `file`: .xlsx or CSV with the template's columns, at most 1000 rows); any bad row is a 422 listing rows, nothing imported",
        params: ZCompanyParams,
        consumes: ["multipart/form-data"],
        response: { 200: ZHealthServiceImportResponse },
      },
    },
    async (request) => {
      const { files } = await readUpload(request);
      const imported = await importHealthServices(ctx, request, request.params.company, files);
      return { data: { imported }, message: `${ADMIN_COMPANY_MESSAGES.importDone}: ${imported}` };
    },
  );

  app.get(
    "/companies/healthservices/import/template",
    {
      config: { access: PLATFORM_ADMIN },
      schema: { tags, summary: "The health-service import's template (.xlsx) with its rules" },
    },
    async (_request, reply) =>
      reply
        .header("content-type", XLSX_TYPE)
        .header("content-disposition", 'attachment; filename="modello-prestazioni.xlsx"')
        .send(await importTemplate()),
  );

  // ─── Services (admin `servizi`) ────────────────────────────────────────────────────────────

  app.get(
    "/services",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "The platform services (refs 1–12): name, description, enabled, active companies running each",
        response: { 200: ZAdminPlatformServicesResponse },
      },
    },
    async () => ({ data: await platformServices.listPlatformServices(ctx) }),
  );

  app.put(
    "/services/:id",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Name, describe, enable or disable a platform service ({id}: its hashid)",
        params: ZIdParams,
        body: ZAdminPlatformServiceBody,
        response: { 200: ZAdminPlatformServiceResponse },
      },
    },
    async (request) => ({
      data: await platformServices.updatePlatformService(
        ctx,
        request,
        principalOf(request),
        request.params.id,
        request.body,
      ),
      message: ADMIN_SERVICE_MESSAGES.updated,
    }),
  );

  app.get(
    "/healthservices",
    {
      config: { access: PLATFORM_ADMIN },
      schema: {
        tags,
        summary: "Every company's health services (q, company, position_ref, active; paged)",
        querystring: ZAdminHealthServicesQuery,
        response: { 200: ZAdminHealthServicesResponse },
      },
    },
    async (request) => platformServices.listHealthServices(ctx, request.query),
  );
};
