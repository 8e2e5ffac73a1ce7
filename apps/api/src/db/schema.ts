// Every table of the platform and of each module, for drizzle-kit and the typed client.
export * from "../modules/agenda/tables.ts";
export * from "../modules/bookings/tables.ts";
export * from "../modules/care/tables.ts";
export * from "../modules/companies/tables.ts";
export * from "../modules/files/tables.ts";
export * from "../modules/identity/tables.ts";
export * from "../modules/notifications/tables.ts";
export * from "../modules/patients/tables.ts";
export * from "../platform/access-log/tables.ts";
export * from "../platform/audit/tables.ts";
export * from "../platform/idempotency/tables.ts";
export * from "../platform/limiter/tables.ts";
export * from "../platform/messaging/tables.ts";
export * from "../platform/realtime/tables.ts";
