import type { TAgendaEvent, TBooking, TFrequency } from "@cura/domain";
import { makeBooking } from "../../test/bookings.ts";

/** A booking and an event as the API answers them, for the agenda's tests. */

export const booking = (overrides: Partial<TBooking> = {}): TBooking =>
  makeBooking({
    status: "confermato",
    status_label: "confermato",
    health_service: { hashid: "s1", name: "Visita cardiologica" },
    company: { hashid: "c1", name: "Farmacia San Marco" },
    citizen: { hashid: "u1", name: "Maria", surname: "Rossi" },
    start: "2026-11-23T09:00:00.000Z",
    end: "2026-11-23T09:30:00.000Z",
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-20T09:00:00.000Z",
    ...overrides,
  });

export const agendaEvent = (overrides: Partial<TAgendaEvent> = {}): TAgendaEvent => ({
  hashid: "e1",
  user: "u1",
  name: "Dentista",
  place: "Studio Bianchi",
  date: "2026-11-24",
  time: "10:30",
  start: "2026-11-24T09:30:00.000Z",
  notes: null,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
  ...overrides,
});

export const recurring: TFrequency = {
  hashid: "f1",
  enabled: true,
  user: { hashid: "u1", name: "Maria", surname: "Rossi", cf: null },
  company: { hashid: "c1", name: "Farmacia San Marco" },
  health_service: { hashid: "s1", name: "Controllo pressione" },
  every: 1,
  unit: 0,
  next_date: "2026-12-01",
  time: "09:00",
  end_date: null,
  notes: null,
  created_by: "operatore",
  last_booking: null,
  bookings_created: 0,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-20T09:00:00.000Z",
};
