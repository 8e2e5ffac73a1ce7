/**
 * Module boundaries of the API (docs/architecture.md "Boundaries"), checked by `npm run
 * check:boundaries` and by `npm test`. A module uses another module only through its index.ts (the
 * module's public surface: service functions, types and the read models it chooses to expose), never
 * its tables, repositories or helpers; platform/ has no domain words and never imports a module.
 *
 * Tests (`*.test.ts`, `test-helpers.ts`) are outside the rule: they build fixtures across modules
 * (a company's operator, a user's anagrafica, a booking at a given hour) by writing rows directly,
 * which no public service offers and none should. Production code never imports a test file.
 */

const modules = "^apps/api/src/modules/";
const tests = "(\\.test\\.ts|/test-helpers\\.ts)$";

/**
 * The allowed exceptions to "only through the index". Each is read-only or schema-level and has its
 * reason; adding one needs the same: a reason why the owner's service cannot do it.
 */
const exceptions = [
  {
    // A table may reference another module's table for a foreign key: the schema is one database.
    // (A module's part in its own folder, health/records or teleconsult/room, has its tables too.)
    from: `${modules}([^/]+|[^/]+/[^/]+)/tables\\.ts$`,
    to: `${modules}[^/]+/tables\\.ts$`,
  },
  {
    // Lists that show, search or sort by a person's name or tax code (bookings' lists and history, the
    // administrator's list of every company's bookings, a
    // company's operators and patients, recurring reservations, caregivers and those they assist) join
    // identity's users and anagrafiche read-only, in the list's own query: paging and sorting by
    // surname cannot go through a service call without loading every row. Writes to those tables go through identity's service.
    from: `${modules}(bookings/(repository|operator-repository|frequencies-repository|admin-list)|companies/operators-repository|patients/repository|care/caregivers-repository|teleconsult/repository)\\.ts$`,
    to: `${modules}identity/tables\\.ts$`,
  },
  {
    // The back office's users page, registrations and dashboard (issue 14) filter, sort and count
    // every account with its personal record and company, and count companies, bookings and
    // teleconsultations, read-only in SQL: a million users cannot be paged or counted through
    // service calls. Every write goes through identity's service.
    from: `${modules}admin/users/(repository|dashboard-repository)\\.ts$`,
    to: `${modules}(identity|companies|bookings|teleconsult)/tables\\.ts$`,
  },
  {
    // The reports' rollup job (issue 14) aggregates registrations, bookings, teleconsultations and
    // readings per day and region in set-based SQL, read-only: a year of a million citizens' activity
    // cannot be counted through service calls. Its demo data adds a year of that activity in bulk.
    from: `${modules}admin/reports/(rollup|demo-data)\\.ts$`,
    to: `${modules}(identity|companies|bookings|teleconsult|health/measurements)/tables\\.ts$`,
  },
  {
    // The health records show who wrote a note, uploaded a document or read the file, and the IPS
    // export describes the Patient: one read of identity's anagrafiche for a page's people (names),
    // read-only, instead of one service call per row.
    from: `${modules}health/records/people\\.ts$`,
    to: `${modules}identity/tables\\.ts$`,
  },
  {
    // The start-up seed's demo data (bookings, care relations, health records, readings, therapies,
    // surveys, a linked bot chat) looks up the demo world it is added to (the demo pharmacy, its services and operators, the demo
    // citizens) by name or e-mail. Seed code: no request runs it.
    from: `${modules}(bookings|care|surveys|surveys/irst|sessions|health/[^/]+|notifications/bots)/demo-data\\.ts$`,
    to: `${modules}(companies|identity)/tables\\.ts$`,
  },
  {
    // The company's statistics group its bookings by status, service and day in SQL, read-only
    // (GET companies/own/statistics): counting through bookings' service would load every booking.
    // The no-show rates (issue 12) split them by whether a reminder was sent: one EXISTS on
    // notifications' reminder_sends in the same grouped query, read-only.
    from: `${modules}companies/statistics-repository\\.ts$`,
    to: `${modules}(bookings|notifications)/tables\\.ts$`,
  },
  {
    // The reminders job finds the due bookings and reserves their reminders in one set-based
    // statement, and reads what a batch needs to be written (service, company, contacts) in one
    // join, read-only: 100,000 reminders cannot go through one service call each. The citizens' own
    // agenda events are reminded the same way.
    from: `${modules}notifications/reminders/repository\\.ts$`,
    to: `${modules}(agenda|bookings|companies|identity)/tables\\.ts$`,
  },
];

const internalsComment =
  "A module imports another module only through its index.ts (docs/architecture.md " +
  '"Boundaries"): export what you need from the owner\'s index, or add a read model to the ' +
  "owner's repository and expose it there. The exceptions are listed in .dependency-cruiser.cjs.";
const otherModuleInternals = [`${modules}$1/`, `${modules}[^/]+/index\\.ts$`];

module.exports = {
  forbidden: [
    {
      name: "module-internals",
      comment: internalsComment,
      severity: "error",
      from: { path: `${modules}([^/]+)/`, pathNot: [tests, ...exceptions.map((e) => e.from)] },
      to: { path: modules, pathNot: otherModuleInternals },
    },
    // The files of an exception follow the same rule, less the one target the exception allows.
    ...exceptions.map((exception, i) => ({
      name: `module-internals-exception-${i + 1}`,
      comment: internalsComment,
      severity: "error",
      from: { path: exception.from.replace(modules, `${modules}(?=([^/]+)/)`) },
      to: { path: modules, pathNot: [...otherModuleInternals, exception.to] },
    })),
    {
      name: "platform-imports-module",
      comment: "platform/ has no domain words and never imports a module: move the helper, or invert the call.",
      severity: "error",
      from: { path: "^apps/api/src/platform/" },
      to: { path: modules },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "apps/api/tsconfig.json" },
    // Node 24 runs the TypeScript directly: imports name the .ts file.
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
