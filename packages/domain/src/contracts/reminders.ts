import { z } from "zod";
import { envelope } from "./common.ts";

/**
 * Appointment reminders (issue 12 "Beyond the spec"): the citizen chooses channels, lead times and
 * kinds; a job sends each (booking, lead time, channel) once, with signed single-use links to confirm
 * or to cancel ("Non posso venire": cancellation reason 2).
 */

export const REMINDER_CHANNELS = ["email", "sms", "push", "bot"] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

/** Lead times and their length in minutes. */
export const REMINDER_LEADS = { "7d": 7 * 24 * 60, "2d": 2 * 24 * 60, "24h": 24 * 60, "2h": 120, "30m": 30 } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;
export const REMINDER_LEAD_KEYS = Object.keys(REMINDER_LEADS) as ReminderLead[];

export const REMINDER_KINDS = ["prenotazioni", "teleconsulti", "eventi"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_DEFAULTS = {
  channels: ["email", "push"] as ReminderChannel[],
  leads: ["24h", "2h"] as ReminderLead[],
  kinds: [...REMINDER_KINDS] as ReminderKind[],
};

/** Booking reason 2 of a citizen's cancellation (spec 001 §4): what "Non posso venire" sends. */
export const REMINDER_CANCEL_REASON = 2;

export const REMINDER_MESSAGES = {
  saved: "Preferenze dei promemoria salvate",
  invalidLink: "Il link non è valido o è già stato usato",
  confirmed: "Grazie: la tua presenza è confermata",
  cancelled: "Appuntamento annullato: la struttura è stata avvisata",
} as const;

const unique = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(10)
    .transform((list) => [...new Set(list)] as z.output<T>[]);

export const ZReminderPreferences = z
  .object({
    channels: unique(z.enum(REMINDER_CHANNELS)),
    leads: unique(z.enum(REMINDER_LEAD_KEYS as [ReminderLead, ...ReminderLead[]])),
    kinds: unique(z.enum(REMINDER_KINDS)),
  })
  .meta({ id: "ReminderPreferences" });
export type TReminderPreferences = z.infer<typeof ZReminderPreferences>;
/** The answer's shape: the same lists, without the request's de-duplication (a response has no transforms). */
export const ZReminderPreferencesResponse = envelope(
  z.object({
    channels: z.array(z.enum(REMINDER_CHANNELS)),
    leads: z.array(z.enum(REMINDER_LEAD_KEYS as [ReminderLead, ...ReminderLead[]])),
    kinds: z.array(z.enum(REMINDER_KINDS)),
  }),
).extend({ message: z.string().optional() });

export const ZReminderRespondBody = z.object({ token: z.string().min(10).max(200) });
export const ZReminderRespondResponse = z.object({
  message: z.string(),
  data: z.object({ response: z.enum(["confermo", "annullo"]), booking: z.string() }),
});

/** `POST dev/reminders/run` (development only): the job on a test clock. */
export const ZDevRemindersRunBody = z.object({ now: z.iso.datetime({ offset: true }) });
export const ZDevRemindersRunResponse = envelope(z.object({ sent: z.number() }));
