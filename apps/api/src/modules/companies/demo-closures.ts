/**
 * The demo closures, on fixed dates (`company` null: Farmacia San Marco), which seedDemoCompanies
 * writes. In a file of their own, free of imports, so that the tests and the browser journeys can
 * pick dates none of them touches (companies/test-helpers.ts `nextMonday`, e2e/family-booking.test.ts).
 */
export const DEMO_CLOSURES: ReadonlyArray<{
  company: string | null;
  dateFrom: string;
  dateTo: string;
  reason: string;
}> = [
  { company: null, dateFrom: "2026-12-07", dateTo: "2026-12-08", reason: "Sant'Ambrogio e Immacolata" },
  { company: "Farmacia Centrale Bergamo", dateFrom: "2027-08-09", dateTo: "2027-08-22", reason: "Chiusura estiva" },
  {
    company: "Poliambulatorio Città Studi",
    dateFrom: "2026-12-24",
    dateTo: "2026-12-27",
    reason: "Festività natalizie",
  },
  { company: "Centro Medico Partenope", dateFrom: "2026-12-31", dateTo: "2027-01-01", reason: "Capodanno" },
  { company: "Laboratorio Analisi Flaminio", dateFrom: "2027-04-05", dateTo: "2027-04-06", reason: "Pasqua" },
];
