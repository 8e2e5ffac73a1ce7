import { COMPANY_MESSAGES, forbidden } from "@cura/domain";
import type { Executor } from "../../db/client.ts";
import { zonedDate } from "../../platform/zoned-time.ts";
import * as repository from "./repository.ts";

const TIME_ZONE = "Europe/Rome";

/** A subscription covers Italian days: the day `at` falls on. */
export const subscriptionDay = (at: Date): string => zonedDate(at.getTime(), TIME_ZONE);

/**
 * The platform services a company must be subscribed to before they are used (issue 10: quick 10,
 * paediatric 11, specialist teleconsultation 2; issue 11: clinical reports uploaded as files are the
 * control room's, ref 8). Other refs are not gated (yet).
 */
export const SUBSCRIPTION_GATED_REFS: readonly number[] = [2, 8, 10, 11];

/**
 * True when the company may run the platform service `ref` at `at`: for a gated ref, an active
 * subscription covering that day (Italian date); no row means not subscribed. Ungated refs: true.
 */
export async function isCompanyServiceActive(db: Executor, companyId: number, ref: number, at: Date): Promise<boolean> {
  if (!SUBSCRIPTION_GATED_REFS.includes(ref)) return true;
  return repository.hasActiveSubscription(db, companyId, ref, subscriptionDay(at));
}

/** The gate as a rule: 403 'Servizio non attivo' without an active subscription. */
export async function assertCompanyServiceActive(
  db: Executor,
  companyId: number,
  ref: number,
  at: Date,
): Promise<void> {
  if (!(await isCompanyServiceActive(db, companyId, ref, at))) throw forbidden(COMPANY_MESSAGES.serviceNotActive);
}

/** The companies among `companyIds` that may run the gated `ref` at `at` (routing: one statement). */
export async function companiesWithActiveService(
  db: Executor,
  companyIds: number[],
  ref: number,
  at: Date,
): Promise<number[]> {
  if (!SUBSCRIPTION_GATED_REFS.includes(ref)) return companyIds;
  return repository.subscribedCompanies(db, companyIds, ref, subscriptionDay(at));
}
