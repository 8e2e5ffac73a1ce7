import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who did what to which record. No foreign key to users on purpose: the trail must outlive the
 * deletion or anonymisation of the people it names.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorUserId: integer(),
    actorType: integer(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    companyId: integer(),
    detail: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt),
  ],
);
