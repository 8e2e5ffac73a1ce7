import type { Executor } from "../../db/client.ts";
import type { Interval } from "./slots.ts";

/**
 * What the bookings module tells this module about bookings, without this module reading its
 * tables: the intervals already booked (slots) and whether a health service has bookings that
 * forbid deleting it. Until a bookings module registers its provider nothing is booked, so every
 * slot is free and every health service may be deleted.
 */
export type SlotScope =
  | { companyId: number; healthServiceId: number; positionRef?: undefined }
  | { companyId: number; positionRef: number; healthServiceId?: undefined };

export interface TakenSlotsProvider {
  /** Booked intervals overlapping [from, to) of a health service, or of a platform service of a company. */
  takenIntervals(db: Executor, scope: SlotScope, from: Date, to: Date): Promise<Interval[]>;
  /** True when the health service has bookings that must keep it (it cannot be deleted then). */
  hasBookings(db: Executor, healthServiceId: number): Promise<boolean>;
}

const nothingBooked: TakenSlotsProvider = {
  takenIntervals: async () => [],
  hasBookings: async () => false,
};

let provider: TakenSlotsProvider = nothingBooked;

/** The bookings module registers its provider once, when it is registered. */
export function setTakenSlotsProvider(next: TakenSlotsProvider): void {
  provider = next;
}

export function takenSlotsProvider(): TakenSlotsProvider {
  return provider;
}
