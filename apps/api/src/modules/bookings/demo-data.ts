import { BOOKING_TRANSITIONS, type BookingAction, type BookingStatus, type TBookingPreference } from "@cura/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { addDays, isoWeekday, zonedDate, zonedToInstant } from "../../platform/zoned-time.ts";
import { companies, healthServices, operators } from "../companies/tables.ts";
import { users } from "../identity/tables.ts";
import { type DemoReminder, seedDemoReminders } from "../notifications/index.ts";
import { bookingEvents, bookings } from "./tables.ts";

const ROME = "Europe/Rome";

/** The operator's actions that lead a new request to each demo status (the history shows them). */
const STEPS: Partial<Record<BookingStatus, BookingAction[]>> & Record<"ricevuto", BookingAction[]> = {
  ricevuto: [],
  confermato: ["confirm"],
  in_attesa: ["propose"],
  evaso: ["confirm", "close"],
  non_presentato: ["confirm", "no_show"],
};

/** The first Monday-to-Friday date at least `offset` days from `today` (the demo pharmacy's weekdays). */
function weekdayFrom(today: string, offset: number): string {
  let date = addDays(today, offset);
  while (isoWeekday(date) > 5) date = addDays(date, offset >= 0 ? 1 : -1);
  return date;
}

interface DemoBooking {
  email: string;
  service: string;
  status: BookingStatus;
  /** Date and Rome time, or null for a request with preferences. */
  at: [string, string] | null;
  minutes: number;
  proposed?: [string, string];
  preferences?: TBookingPreference[];
  notes?: string;
}

/**
 * Bookings around today at Farmacia San Marco, so that a fresh `npm start` shows agendas, home
 * dashboards and lists with something in them. The start-up seed and the journeys' setup call this;
 * the API tests' demo world stays without bookings, so their counts are their own.
 */
export async function seedDemoBookings(db: Database, now = Date.now()): Promise<number> {
  const today = zonedDate(now, ROME);
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"))
    .limit(1);
  if (!pharmacy) return 0;
  const services = await db
    .select({ id: healthServices.id, name: healthServices.name })
    .from(healthServices)
    .where(eq(healthServices.companyId, pharmacy.id));
  const serviceId = new Map(services.map((s) => [s.name, s.id]));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo", "farmacia.admin@cura.demo"]));
  const userId = new Map(people.map((p) => [p.email, p.id]));
  const [operator] = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(and(eq(operators.companyId, pharmacy.id), eq(operators.role, "amministratore")))
    .limit(1);

  const ecg = "Elettrocardiogramma (ECG)";
  const pressure = "Misurazione della pressione";
  const todayIsWeekday = isoWeekday(today) <= 5;
  const plan: DemoBooking[] = [
    {
      email: "maria.rossi@cura.demo",
      service: ecg,
      status: "confermato",
      at: [weekdayFrom(today, 2), "10:00"],
      minutes: 30,
      notes: "Porto il referto dell'ECG precedente.",
    },
    {
      email: "maria.rossi@cura.demo",
      service: pressure,
      status: "evaso",
      at: [weekdayFrom(today, -12), "09:00"],
      minutes: 15,
    },
    {
      email: "maria.rossi@cura.demo",
      service: ecg,
      status: "ricevuto",
      at: null,
      minutes: 30,
      preferences: [
        { date: weekdayFrom(today, 7), slot: "mattina" },
        { date: weekdayFrom(today, 8), slot: "pomeriggio" },
        { date: weekdayFrom(today, 9), slot: "tutto_il_giorno" },
      ],
    },
    {
      email: "maria.rossi@cura.demo",
      service: pressure,
      status: "in_attesa",
      at: [weekdayFrom(today, 5), "11:00"],
      minutes: 15,
      proposed: [weekdayFrom(today, 6), "16:00"],
    },
    {
      email: "giuseppe.bianchi@cura.demo",
      service: pressure,
      status: "ricevuto",
      at: [weekdayFrom(today, 1), "17:00"],
      minutes: 15,
    },
    // Past open bookings: confirmed, their time gone, not closed yet, so that an operator can try
    // "Segna come evasa" (a booking is closed from its start on, never before).
    {
      email: "giuseppe.bianchi@cura.demo",
      service: pressure,
      status: "confermato",
      at: [weekdayFrom(today, -1), "16:30"],
      minutes: 15,
    },
    {
      email: "giuseppe.bianchi@cura.demo",
      service: ecg,
      status: "confermato",
      at: [weekdayFrom(today, -4), "15:00"],
      minutes: 30,
      notes: "Ho con me la lista dei farmaci che prendo.",
    },
    ...(todayIsWeekday
      ? [
          {
            email: "giuseppe.bianchi@cura.demo",
            service: ecg,
            status: "confermato",
            at: [today, "18:00"],
            minutes: 30,
          } as DemoBooking,
        ]
      : []),
  ];

  let created = 0;
  await db.transaction(async (tx) => {
    for (const item of plan) {
      const citizen = userId.get(item.email);
      const healthServiceId = serviceId.get(item.service);
      if (citizen === undefined || healthServiceId === undefined) continue;
      const start = item.at ? new Date(zonedToInstant(item.at[0], item.at[1], ROME)) : null;
      const proposed = item.proposed ? new Date(zonedToInstant(item.proposed[0], item.proposed[1], ROME)) : null;
      const [row] = await tx
        .insert(bookings)
        .values({
          companyId: pharmacy.id,
          healthServiceId,
          userId: citizen,
          kind: "prestazione",
          status: item.status,
          startAt: start,
          endAt: start ? new Date(start.getTime() + item.minutes * 60_000) : null,
          proposedStartAt: proposed,
          proposedEndAt: proposed ? new Date(proposed.getTime() + item.minutes * 60_000) : null,
          preferences: item.preferences ?? null,
          notes: item.notes ?? null,
          // As history.ts would have recorded it: the demo's requests still at ricevuto are new.
          awaiting: item.status === "ricevuto" ? "new" : null,
        })
        .returning({ id: bookings.id });
      const bookingId = (row as { id: number }).id;
      await tx.insert(bookingEvents).values({
        bookingId,
        actorUserId: citizen,
        action: "created",
        fromStatus: null,
        toStatus: "ricevuto",
      });
      let from: BookingStatus = "ricevuto";
      for (const action of STEPS[item.status] ?? []) {
        const to = BOOKING_TRANSITIONS[action].to;
        await tx.insert(bookingEvents).values({
          bookingId,
          actorUserId: operator?.userId ?? null,
          action,
          fromStatus: from,
          toStatus: to,
        });
        from = to;
      }
      created++;
    }
  });
  return created;
}

/**
 * Past appointments of the last two months at Farmacia San Marco closed as evaso or non presentato,
 * some with the 24-hour e-mail reminder sent (issue 12): after `npm start` the company statistics show
 * no-show rates per service and month, with and without reminders. Returns how many it added.
 */
export async function seedDemoNoShows(db: Database, now = Date.now()): Promise<number> {
  const today = zonedDate(now, ROME);
  const [pharmacy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, "Farmacia San Marco"))
    .limit(1);
  if (!pharmacy) return 0;
  const services = await db
    .select({ id: healthServices.id, name: healthServices.name })
    .from(healthServices)
    .where(eq(healthServices.companyId, pharmacy.id));
  const serviceId = new Map(services.map((s) => [s.name, s.id]));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["maria.rossi@cura.demo", "giuseppe.bianchi@cura.demo"]));
  const citizens = people.map((p) => p.id);
  const [operator] = await db
    .select({ userId: operators.userId })
    .from(operators)
    .where(and(eq(operators.companyId, pharmacy.id), eq(operators.role, "amministratore")))
    .limit(1);
  if (citizens.length === 0) return 0;

  // [service, days ago, time, outcome, reminded]: fewer no-shows where a reminder was sent.
  const ecg = "Elettrocardiogramma (ECG)";
  const pressure = "Misurazione della pressione";
  const plan: Array<[string, number, string, "evaso" | "non_presentato", boolean]> = [
    [pressure, 6, "09:30", "evaso", true],
    [pressure, 8, "10:00", "evaso", true],
    [pressure, 9, "11:30", "non_presentato", false],
    [pressure, 13, "09:00", "evaso", false],
    [pressure, 15, "16:00", "evaso", true],
    [pressure, 20, "10:30", "non_presentato", true],
    [pressure, 34, "09:30", "evaso", true],
    [pressure, 37, "15:30", "non_presentato", false],
    [pressure, 41, "11:00", "evaso", false],
    [pressure, 44, "10:00", "evaso", true],
    [ecg, 7, "15:00", "evaso", true],
    [ecg, 14, "09:00", "non_presentato", false],
    [ecg, 22, "11:00", "evaso", false],
    [ecg, 36, "16:30", "evaso", true],
    [ecg, 43, "10:30", "non_presentato", false],
  ];

  let created = 0;
  await db.transaction(async (tx) => {
    const reminders: DemoReminder[] = [];
    for (const [index, [service, daysAgo, time, status, reminded]] of plan.entries()) {
      const healthServiceId = serviceId.get(service);
      const citizen = citizens[index % citizens.length] as number;
      if (healthServiceId === undefined) continue;
      const minutes = service === ecg ? 30 : 15;
      const start = new Date(zonedToInstant(weekdayFrom(today, -daysAgo), time, ROME));
      const [row] = await tx
        .insert(bookings)
        .values({
          companyId: pharmacy.id,
          healthServiceId,
          userId: citizen,
          kind: "prestazione",
          status,
          startAt: start,
          endAt: new Date(start.getTime() + minutes * 60_000),
          createdAt: new Date(start.getTime() - 7 * 24 * 3600_000),
        })
        .returning({ id: bookings.id });
      const bookingId = (row as { id: number }).id;
      let from: BookingStatus = "ricevuto";
      const events: Array<typeof bookingEvents.$inferInsert> = [
        { bookingId, actorUserId: citizen, action: "created", fromStatus: null, toStatus: "ricevuto" },
      ];
      for (const action of STEPS[status] ?? []) {
        const to = BOOKING_TRANSITIONS[action].to;
        events.push({ bookingId, actorUserId: operator?.userId ?? null, action, fromStatus: from, toStatus: to });
        from = to;
      }
      await tx.insert(bookingEvents).values(events);
      if (reminded) reminders.push({ bookingId, userId: citizen, start });
      created++;
    }
    await seedDemoReminders(tx, reminders);
  });
  return created;
}
