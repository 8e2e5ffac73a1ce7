import {
  PATIENT_MESSAGES,
  ZAnagraficaFields,
  ZAslAppointmentsQuery,
  ZBookingListResponse,
  ZBookingPagedResponse,
  ZBookingResponse,
  ZFamilyMemberListResponse,
  ZMessage,
  ZNumberVerificationBody,
  ZPatientBookingBody,
  ZPatientCompactListResponse,
  ZPatientIdParams,
  ZPatientListQuery,
  ZPatientOrderBody,
  ZPatientPagedResponse,
  ZPatientPickerQuery,
  ZPatientRegisterBody,
  ZPatientRegisterResponse,
  ZPatientResponse,
  ZPatientStateBody,
  ZPatientXParams,
} from "@cura/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { principalOf } from "../../platform/auth/access.ts";
import type { ModuleContext } from "../../platform/module.ts";
import { MONITORING_ROOM_OPERATOR, OPERATOR } from "./access-rules.ts";
import { aslAppointments, bookForPatient, patientBookings } from "./booking.ts";
import { patientFamily } from "./family.ts";
import { orderForPatient } from "./order.ts";
import * as service from "./service.ts";

const tags = ["patients"];

/** A company's patients (spec 002 §7 "Company and services (operator)"), booking for them, ASL appointments. */
export const patientsRoutes: FastifyPluginAsyncZod<{ ctx: ModuleContext }> = async (app, { ctx }) => {
  app.get(
    "/companies/own/patients",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's patients by surname, paged; q searches name, surname, tax code, e-mail; active filters",
        querystring: ZPatientListQuery,
        response: { 200: ZPatientPagedResponse },
      },
    },
    async (request) => service.listPatients(ctx, principalOf(request), request.query),
  );

  app.get(
    "/companies/own/patients/list",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The company's followed patients for pickers: compact, at most 50 (narrow with q)",
        querystring: ZPatientPickerQuery,
        response: { 200: ZPatientCompactListResponse },
      },
    },
    async (request) => ({ data: await service.pickPatients(ctx, principalOf(request), request.query.q) }),
  );

  app.get(
    "/companies/own/patients/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "One patient of the company (the patient card)",
        params: ZPatientIdParams,
        response: { 200: ZPatientResponse },
      },
    },
    async (request) => ({ data: await service.patientCard(ctx, request, request.params.id) }),
  );

  app.get(
    "/users/own/patients",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The patients this operator registered or booked for at their company (compact)",
        response: { 200: ZPatientCompactListResponse },
      },
    },
    async (request) => ({ data: await service.ownPatients(ctx, principalOf(request)) }),
  );

  app.post(
    "/companies/paziente/register",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Register a patient (account without password) or link the citizen with that tax code; 201 when created",
        body: ZPatientRegisterBody,
        response: { 200: ZPatientRegisterResponse, 201: ZPatientRegisterResponse },
      },
    },
    async (request, reply) => {
      const { patient, created } = await service.registerPatient(ctx, request, request.body);
      return reply.status(created ? 201 : 200).send({
        data: patient,
        created,
        message: created ? PATIENT_MESSAGES.registered : PATIENT_MESSAGES.linked,
      });
    },
  );

  app.put(
    "/companies/own/assistito/anagrafica/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Correct a patient's personal record (the citizen's profile rules; a new phone must be verified)",
        params: ZPatientIdParams,
        body: ZAnagraficaFields,
        response: { 200: ZPatientResponse },
      },
    },
    async (request) => ({
      data: await service.updatePatientAnagrafica(ctx, request, request.params.id, request.body),
      message: PATIENT_MESSAGES.updated,
    }),
  );

  app.patch(
    "/users/:id/number-verification",
    {
      // A staff action on a patient, not the person's own onboarding: a verified operator of a
      // monitoring room (level 5); the service checks the company's option and that the person is
      // one of its patients.
      config: { access: MONITORING_ROOM_OPERATOR },
      schema: {
        tags,
        summary:
          "Mark a patient's phone verified after calling them (monitoring rooms with the option; the company's patients only)",
        params: ZPatientIdParams,
        body: ZNumberVerificationBody,
        response: { 200: ZMessage },
      },
    },
    async (request) => ({ message: await service.verifyPatientNumber(ctx, request, request.params.id) }),
  );

  app.patch(
    "/companies/own/assistito/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Follow or archive a patient (active), record or withdraw their consent (consent)",
        params: ZPatientIdParams,
        body: ZPatientStateBody,
        response: { 200: ZPatientResponse },
      },
    },
    async (request) => ({
      data: await service.setPatientState(ctx, request, request.params.id, request.body),
      message: PATIENT_MESSAGES.updated,
    }),
  );

  app.get(
    "/reservations/company/users/:x",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "A patient's bookings at the operator's company, latest appointment first",
        params: ZPatientXParams,
        response: { 200: ZBookingListResponse },
      },
    },
    async (request) => ({ data: await patientBookings(ctx, request, request.params.x) }),
  );

  app.post(
    "/companies/own/patients/:id/reservations",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary:
          "Book for a patient: a free slot (confirmed; 409 when taken), or a past visit with service, date and time",
        params: ZPatientIdParams,
        body: ZPatientBookingBody,
        response: { 201: ZBookingResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await bookForPatient(ctx, request, request.params.id, request.body),
        message: PATIENT_MESSAGES.booked,
      }),
  );

  app.get(
    "/familymembers/members/user/:id",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "The family members of a patient of the operator's company",
        params: ZPatientIdParams,
        response: { 200: ZFamilyMemberListResponse },
      },
    },
    async (request) => ({ data: await patientFamily(ctx, request, request.params.id) }),
  );

  app.post(
    "/companies/own/patients/:id/orders",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "Record a product order for a patient (medicine list codes, quantities, optional NRE); confirmed",
        params: ZPatientIdParams,
        body: ZPatientOrderBody,
        response: { 201: ZBookingResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await orderForPatient(ctx, request, request.params.id, request.body),
        message: PATIENT_MESSAGES.ordered,
      }),
  );

  app.get(
    "/companies/own/appointments",
    {
      config: { access: OPERATOR },
      schema: {
        tags,
        summary: "ASL appointments: the company's bookings of its agenda/ASL services (ref 5), latest first, paged",
        querystring: ZAslAppointmentsQuery,
        response: { 200: ZBookingPagedResponse },
      },
    },
    async (request) => aslAppointments(ctx, request, request.query),
  );
};
