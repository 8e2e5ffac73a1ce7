import {
  ASL_APPOINTMENTS_REF,
  COMPANY_MESSAGES,
  conflict,
  fieldError,
  forbidden,
  SURVEY_LINK_MESSAGES as L,
  notFound,
  type TConnectedSurvey,
  type TSurveyAnswer,
  type TSuspendedSurvey,
  USER_TYPES,
} from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import type { Principal } from "../../platform/auth/access.ts";
import { isUniqueViolation } from "../../platform/database-errors.ts";
import type { ModuleContext } from "../../platform/module.ts";
// Public surfaces: a booking as its answer shows it (the caller decides whether they may see it),
// a company any signed-in user may see, whether it runs a platform service, and a health service
// (with its platform service) as its company's staff see it.
import { bookingById } from "../bookings/index.ts";
import { findCompanyService, visibleCompany, visibleHealthService } from "../companies/index.ts";
import { openSurvey, readableSurvey, surveyOperatorCompany } from "./access.ts";
import { presentSurvey } from "./definitions.ts";
import { assertFillable, store } from "./fills.ts";
import * as repository from "./repository.ts";

/**
 * Surveys of health services (issue 13): the companies module's attach hook, the booking wizard's
 * list, the fill saved on a reservation, and the mandatory survey of custom teleconsults, suspended
 * until the citizen fills it.
 */

type Page = { page: number; per_page: number };

/**
 * The companies module's lookup for `healthservices/survey/attach`: an operator may attach a survey
 * enabled for their company (its activity and itself); the route already checked that the operator
 * manages the service.
 */
export async function mayAttach(db: Executor, p: Principal, surveyId: number): Promise<boolean> {
  if (p.type !== USER_TYPES.operator || p.companyId === null) return false;
  const survey = await repository.findSurvey(db, surveyId);
  if (!survey) return false;
  const [activity, own] = await Promise.all([
    repository.activityEnablement(db, survey.activityId, p.companyId),
    repository.surveyEnablement(db, survey.id, p.companyId),
  ]);
  return Boolean(activity?.enabled && own?.enabled);
}

/** `GET companies/connessa/surveys/{x}`: the open surveys the company's services ask for (the booking wizard). */
export async function connectedSurveys(
  ctx: ModuleContext,
  p: Principal,
  companyHash: string,
  query: Page & { service?: string },
) {
  const company = await visibleCompany(ctx.db, ctx.ids, p, companyHash);
  // An unknown service hashid matches nothing (an empty page), as a filter does.
  const healthServiceId = query.service === undefined ? undefined : (ctx.ids.decode(query.service) ?? -1);
  const { rows, total } = await repository.listConnectedSurveys(ctx.db, {
    companyId: company.id,
    healthServiceId,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const data: TConnectedSurvey[] = rows.map((row) => ({
    health_service: { hashid: ctx.ids.encode(row.healthServiceId), name: row.healthServiceName ?? "" },
    mandatory: row.mandatory,
    survey: presentSurvey(ctx, row),
  }));
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

const unlessDuplicate = (message: string) => (error: unknown) => {
  // A second fill of the survey on the same reservation lost the race to the unique index.
  if (isUniqueViolation(error)) throw conflict(message);
  throw error;
};

/**
 * `POST reservations/survey/filled/new`: the citizen's fill of the survey the booked health service
 * asks for, saved on the reservation (one per reservation) and read by the company's managers.
 */
export async function fillOnReservation(
  ctx: ModuleContext,
  p: Principal,
  body: { reservation: string; survey: string; answers: TSurveyAnswer[] },
) {
  const bookingId = ctx.ids.decode(body.reservation);
  if (bookingId === null) throw notFound();
  const booking = await bookingById(ctx, bookingId);
  // Someone else's reservation: as if it did not exist.
  if (booking.citizen.hashid !== ctx.ids.encode(p.userId)) throw notFound();
  const healthServiceId = booking.health_service ? ctx.ids.decode(booking.health_service.hashid) : null;
  const attached = healthServiceId === null ? null : await repository.serviceSurvey(ctx.db, healthServiceId);
  const surveyId = ctx.ids.decode(body.survey);
  if (!attached || attached.surveyId !== surveyId) throw fieldError("survey", L.notAttached);
  const survey = await openSurvey(ctx.db, surveyId);
  return store(ctx, p, survey, body.answers, {
    userId: p.userId,
    companyId: ctx.ids.decode(booking.company.hashid),
    bookingId,
  }).catch(unlessDuplicate(L.reservationFilled));
}

// ---- ASL appointments --------------------------------------------------------------------------

/** An appointment that will not happen takes no survey. */
const CLOSED_BOOKING_STATUSES: readonly string[] = ["annullato", "rifiutato"];

/**
 * `POST activities/surveys/filled/asl/new`: an operator of the company, with either survey permission,
 * fills a survey enabled for it on one of its ASL appointments (a booking of its ref-5 agenda/ASL
 * services), for the booking's patient; one fill of a survey per appointment. The company must run
 * the ASL appointments service, as for their list (`companies/own/appointments`). Another company's
 * booking is a 404; one of the company's bookings that is not an ASL appointment is the field's 422.
 */
export async function fillOnAslAppointment(
  ctx: ModuleContext,
  p: Principal,
  body: { reservation: string; survey: string; answers: TSurveyAnswer[] },
) {
  const companyId = surveyOperatorCompany(p);
  const asl = await findCompanyService(ctx.db, companyId, ASL_APPOINTMENTS_REF);
  if (!asl?.active) throw forbidden(COMPANY_MESSAGES.serviceNotEnabled);
  const bookingId = ctx.ids.decode(body.reservation);
  if (bookingId === null) throw notFound();
  const booking = await bookingById(ctx, bookingId);
  // Another company's booking does not exist for this operator.
  if (booking.company.hashid !== ctx.ids.encode(companyId)) throw notFound();
  const service = booking.health_service
    ? (await visibleHealthService(ctx, p, booking.health_service.hashid)).service
    : null;
  if (service?.positionRef !== ASL_APPOINTMENTS_REF || service.companyId !== companyId)
    throw fieldError("reservation", L.notAslAppointment);
  if (CLOSED_BOOKING_STATUSES.includes(booking.status)) throw conflict(L.aslAppointmentClosed);
  const survey = await readableSurvey(ctx.db, p, ctx.ids.decode(body.survey));
  const activity = await repository.findActivity(ctx.db, survey.activityId);
  assertFillable(survey, activity?.status ?? "conclusa");
  return store(ctx, p, survey, body.answers, {
    userId: ctx.ids.decode(booking.citizen.hashid),
    companyId,
    bookingId,
  }).catch(unlessDuplicate(L.reservationFilled));
}

// ---- The mandatory survey of custom teleconsults -----------------------------------------------

/** The teleconsult module's hook, in the request's transaction: suspends the mandatory survey, if any. */
export async function onTeleconsultRequested(
  tx: Executor,
  request: { bookingId: number; companyId: number; userId: number; positionRef: number },
): Promise<void> {
  const mandatory = await repository.mandatorySurveyUnder(tx, request.companyId, request.positionRef);
  if (!mandatory) return;
  await repository.insertSuspended(tx, {
    surveyId: mandatory.surveyId,
    userId: request.userId,
    companyId: request.companyId,
    bookingId: request.bookingId,
    healthServiceId: mandatory.healthServiceId,
  });
}

/** The citizen's own suspended survey not filled yet; anything else is a 404 ("already filled"). */
async function ownPending(ctx: ModuleContext, p: Principal, hash: string) {
  const id = ctx.ids.decode(hash);
  const row = id === null ? null : await repository.findSuspended(ctx.db, id);
  if (!row || row.userId !== p.userId || row.filledAt !== null) throw notFound();
  return row;
}

/** `GET activities/surveys/suspended/get/{id}`: the survey to fill before the request goes on; 404 once filled. */
export async function getSuspended(ctx: ModuleContext, p: Principal, hash: string): Promise<TSuspendedSurvey> {
  const row = await ownPending(ctx, p, hash);
  const survey = await repository.findSurvey(ctx.db, row.surveyId);
  if (!survey) throw notFound();
  return {
    hashid: ctx.ids.encode(row.id),
    reservation: { hashid: ctx.ids.encode(row.bookingId) },
    survey: { ...presentSurvey(ctx, survey), info: survey.template.info ?? null },
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * `POST activities/survey/suspended/filled`: the fill, checked like any other, saved on the request's
 * reservation for its company; the suspended survey is then filled (the client's flag clears). The
 * survey is filled even if deactivated since: the request was made under it.
 */
export async function fillSuspended(
  ctx: ModuleContext,
  p: Principal,
  body: { suspended: string; response: TSurveyAnswer[] },
) {
  const row = await ownPending(ctx, p, body.suspended);
  const survey = await repository.findSurvey(ctx.db, row.surveyId);
  if (!survey) throw notFound();
  return store(
    ctx,
    p,
    survey,
    body.response,
    { userId: p.userId, companyId: row.companyId, bookingId: row.bookingId },
    {
      // Locked and checked again: of two saves racing, the second finds it filled.
      within: async (tx) => {
        const locked = await repository.findSuspended(tx, row.id, true);
        if (locked?.filledAt !== null) throw conflict(L.alreadyFilled);
      },
      after: (tx, fillId) => repository.markSuspendedFilled(tx, row.id, fillId),
    },
  ).catch(unlessDuplicate(L.alreadyFilled));
}

/** The teleconsult module's pending call: the request's suspended survey still to fill. */
export const pendingSurvey = (db: Executor, bookingId: number) => repository.pendingSuspendedOf(db, bookingId);
