import { z } from "zod";

/**
 * The administrator's reports (spec 002 §2 admin `reports`, issue 14): three dashboards drawn from
 * daily rollup tables a job keeps. Filters: dates (Italian days, inclusive) and region. The spec's
 * project and brand filters are left out: there is no projects table yet, and the brand is one per
 * installation (config BRAND), so neither divides the figures.
 */

export const ADMIN_REPORTS_MESSAGES = {
  dateInvalid: "Data non valida",
  rangeInvalid: "La data di inizio deve precedere quella di fine",
  rangeTooLong: "L'intervallo può coprire al massimo tre anni",
} as const;

/** The longest range a dashboard answers (days). */
export const REPORTS_MAX_DAYS = 3 * 366;
/** The dashboards, in the page's order; each may be replaced by an external one (REPORTS_EMBED_URL_n). */
export const REPORT_DASHBOARDS = ["registrations", "growth", "activity"] as const;
export type ReportDashboard = (typeof REPORT_DASHBOARDS)[number];
/** Bookings of product orders have no platform service: they are counted under this ref. */
export const REPORTS_PRODUCTS_REF = 0;

const ZDay = z.iso.date({ error: ADMIN_REPORTS_MESSAGES.dateInvalid });

/** The filters of every dashboard: from and to default to the last year up to today. */
export const ZReportsQuery = z
  .object({
    from: ZDay.optional(),
    to: ZDay.optional(),
    /** A region's name as the personal records and companies carry it; empty: every region. */
    region: z.string().trim().max(100).optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: ADMIN_REPORTS_MESSAGES.rangeInvalid });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > REPORTS_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: ADMIN_REPORTS_MESSAGES.rangeTooLong });
  });
export type TReportsQuery = z.infer<typeof ZReportsQuery>;

/** `GET admin/reports`: what the page needs before drawing. */
export const ZReportsOverview = z
  .object({
    /** One per dashboard: an external dashboard's address shown in a sandboxed frame, or null. */
    embeds: z.object({
      registrations: z.string().nullable(),
      growth: z.string().nullable(),
      activity: z.string().nullable(),
    }),
    /** The regions the rollups know, for the filter. */
    regions: z.array(z.string()),
    /** When the job last brought the rollups up to date (ISO), null before its first run. */
    updated_at: z.string().nullable(),
  })
  .meta({ id: "ReportsOverview" });
export type TReportsOverview = z.infer<typeof ZReportsOverview>;
export const ZReportsOverviewResponse = z.object({ data: ZReportsOverview });

const range = { from: z.string(), to: z.string(), region: z.string().nullable() };

/** Dashboard 1: registrations per week by type, active services per company, bookings per service. */
export const ZRegistrationsReport = z
  .object({
    ...range,
    /** Weeks start on Monday (the week of `from` may be partial). */
    weeks: z.array(
      z.object({
        week: z.string(),
        citizens: z.number().int(),
        operators: z.number().int(),
        admins: z.number().int(),
      }),
    ),
    /** The companies with the most active platform services (latest snapshot up to `to`), at most 15. */
    services_by_company: z.array(
      z.object({ company: z.string(), name: z.string(), active_services: z.number().int() }),
    ),
    /** Bookings requested in the range, by platform service (position ref; 0: product orders). */
    bookings_by_service: z.array(z.object({ position_ref: z.number().int(), bookings: z.number().int() })),
  })
  .meta({ id: "RegistrationsReport" });
export type TRegistrationsReport = z.infer<typeof ZRegistrationsReport>;
export const ZRegistrationsReportResponse = z.object({ data: ZRegistrationsReport });

/** Dashboard 2: enrolled citizens, cumulative, per region (each point the total at the end of a day). */
export const ZGrowthReport = z
  .object({
    ...range,
    days: z.array(z.string()),
    total: z.array(z.number().int()),
    by_region: z.array(z.object({ region: z.string(), points: z.array(z.number().int()) })),
  })
  .meta({ id: "GrowthReport" });
export type TGrowthReport = z.infer<typeof ZGrowthReport>;
export const ZGrowthReportResponse = z.object({ data: ZGrowthReport });

/** Dashboard 3: citizens' activity per day, and the share who came back within 30 days. */
export const ZActivityReport = z
  .object({
    ...range,
    days: z.array(
      z.object({
        day: z.string(),
        active_citizens: z.number().int(),
        bookings: z.number().int(),
        teleconsults: z.number().int(),
        readings: z.number().int(),
        /** Of the day's active citizens, the share (0–1) active again within the next 30 days. */
        returning_share: z.number().nullable(),
      }),
    ),
    /** Over the whole range: active citizen-days followed by a return within 30 days (0–1). */
    returning_share: z.number().nullable(),
  })
  .meta({ id: "ActivityReport" });
export type TActivityReport = z.infer<typeof ZActivityReport>;
export const ZActivityReportResponse = z.object({ data: ZActivityReport });
