import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type OutboxAttachment, outboxMessages } from "./tables.ts";

export interface OutboxEntry {
  channel: "email" | "sms" | "bot";
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  attachments?: OutboxAttachment[];
}

export function createOutbox(db: Database) {
  return {
    async put(entry: OutboxEntry): Promise<void> {
      await db.insert(outboxMessages).values(entry);
    },
    /** Newest first, optionally only those sent to one address or number. */
    async list(options: { to?: string; limit: number }) {
      return db
        .select()
        .from(outboxMessages)
        .where(options.to ? eq(outboxMessages.recipient, options.to) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(options.limit);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
