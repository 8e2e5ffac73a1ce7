ALTER TABLE "filled_surveys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
-- Written by hand (issue 13): the fills of anonymous and pseudonymous compilations were stored under the administering operator (filled_by keeps them); they are about no one.
UPDATE "filled_surveys" SET "user_id" = NULL WHERE "session_id" IN (SELECT "id" FROM "filled_survey_sessions" WHERE "patient_id" IS NULL);--> statement-breakpoint
ALTER TABLE "bot_accesses" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agenda_reminder_sends" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_subject_check" CHECK ("filled_surveys"."user_id" is not null or "filled_surveys"."session_id" is not null);