ALTER TABLE "operators" ADD COLUMN "approval" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_approval_check" CHECK ("operators"."approval" in ('pending', 'approved', 'refused'));--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"actor_type" integer NOT NULL,
	"company_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"subject_user_id" integer,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_log_subject_idx" ON "access_log" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_log_entity_idx" ON "access_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_storage_key_idx" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "awaiting" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "secondary_number_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_patients" ADD COLUMN "created_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_awaiting_any_idx" ON "bookings" USING btree ("company_id","created_at","id") WHERE "bookings"."awaiting" is not null;--> statement-breakpoint
CREATE INDEX "bookings_awaiting_new_idx" ON "bookings" USING btree ("company_id","created_at","id") WHERE "bookings"."awaiting" = 'new';--> statement-breakpoint
CREATE INDEX "bookings_awaiting_changes_idx" ON "bookings" USING btree ("company_id","created_at","id") WHERE "bookings"."awaiting" in ('change_request', 'cancelled', 'proposal_rejected');--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_attempts" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
-- Company codes were sequential (FSM0000001…) and so guessable: every existing company gets a new
-- random code of 10 Crockford base32 symbols (50 bits), as the API draws them for new companies.
-- gen_random_uuid() is PostgreSQL's CSPRNG (built in since 13, in PGlite too); the first byte of a
-- version-4 UUID is fully random, and 256 is a multiple of 32, so each symbol is uniform. A clash
-- with a code already given (old or new) draws again.
DO $$
DECLARE
  company record;
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  candidate text;
BEGIN
  FOR company IN SELECT id FROM companies ORDER BY id LOOP
    LOOP
      SELECT string_agg(substr(alphabet, get_byte(uuid_send(gen_random_uuid()), 0) % 32 + 1, 1), '')
        INTO candidate FROM generate_series(1, 10);
      BEGIN
        UPDATE companies SET code = candidate WHERE id = company.id;
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        -- taken: draw again
      END;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- Patients a company registered before created_account existed: the audit entry of the account's
-- creation names the company (patients' registerPatient, auditDetail registered_by_company).
UPDATE "company_patients" SET "created_account" = true
FROM "audit_log"
WHERE "audit_log"."action" = 'user.registered'
  AND "audit_log"."entity" = 'user'
  AND "audit_log"."entity_id" = "company_patients"."user_id"::text
  AND "audit_log"."detail"->>'registered_by_company' = "company_patients"."company_id"::text;--> statement-breakpoint
-- bookings.awaiting of the bookings that existed before the column: computed once from their history,
-- as the worklist computed it per row until then (bookings/history.ts keeps it from now on).
-- ricevuto: a change request when its latest status change is the citizen's request_new_date, else new;
-- annullato: the citizen's cancellation or rejection, unless an operator took charge of it afterwards.
UPDATE "bookings" AS b SET "awaiting" = x."awaiting"
FROM (
  SELECT bk."id",
    CASE
      WHEN bk."status" = 'ricevuto' AND last_change."action" = 'request_new_date' THEN 'change_request'
      WHEN bk."status" = 'ricevuto' THEN 'new'
      WHEN bk."status" = 'annullato' AND last_any."action" = 'cancel' THEN 'cancelled'
      WHEN bk."status" = 'annullato' AND last_any."action" = 'reject' THEN 'proposal_rejected'
    END AS "awaiting"
  FROM "bookings" AS bk
  LEFT JOIN LATERAL (
    SELECT e."action" FROM "booking_events" AS e
    WHERE e."booking_id" = bk."id"
      AND e."action" IN ('created', 'confirm', 'propose', 'refuse', 'close', 'accept', 'reject', 'request_new_date', 'cancel')
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1
  ) AS last_change ON true
  LEFT JOIN LATERAL (
    SELECT e."action" FROM "booking_events" AS e
    WHERE e."booking_id" = bk."id"
      AND e."action" IN ('created', 'confirm', 'propose', 'refuse', 'close', 'accept', 'reject', 'request_new_date', 'cancel', 'handled')
    ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1
  ) AS last_any ON true
  WHERE bk."status" IN ('ricevuto', 'annullato')
) AS x
WHERE b."id" = x."id" AND x."awaiting" IS NOT NULL;
