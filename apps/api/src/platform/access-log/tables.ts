import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who read which sensitive record, when (issue 9 §4). Reads only: changes are in the audit log. No
 * foreign keys on purpose, as there: the trail must outlive the people and records it names.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorUserId: integer().notNull(),
    /** The reader's user type at the time of the read (0 citizen, 1 operator, 2 administrator). */
    actorType: integer().notNull(),
    /** The operator's company at the time of the read; null for anyone else. */
    companyId: integer(),
    /** What was read: a kind of record and its key. */
    entity: text().notNull(),
    entityId: text().notNull(),
    /** Whose data it is, when known: the person a patient-visible log will show it to. */
    subjectUserId: integer(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("access_log_subject_idx").on(t.subjectUserId, t.createdAt),
    index("access_log_actor_idx").on(t.actorUserId, t.createdAt),
    index("access_log_entity_idx").on(t.entity, t.entityId),
  ],
);
