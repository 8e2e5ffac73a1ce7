-- Hand-written: drizzle-kit does not generate extensions. pg_trgm serves the administrator's user search (issue 14);
-- it comes first, before the trigram indexes below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "bot_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"messenger" text NOT NULL,
	"chat_id" text NOT NULL,
	"bot_username" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_accesses_chat_once" UNIQUE("user_id","messenger","chat_id")
);
--> statement-breakpoint
CREATE TABLE "bot_link_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"messenger" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_link_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "agenda_reminder_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"lead" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_reminder_sends_once" UNIQUE("event_id","start_at","lead","channel")
);
--> statement-breakpoint
CREATE TABLE "filled_survey_session_items" (
	"compilation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"filled_survey_id" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filled_survey_session_items_compilation_id_position_pk" PRIMARY KEY("compilation_id","position")
);
--> statement-breakpoint
CREATE TABLE "filled_survey_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer,
	"pseudonym" text,
	"operator_id" integer,
	"status" text DEFAULT 'avviata' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"sign_warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "survey_session_companies" (
	"session_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_session_companies_session_id_company_id_pk" PRIMARY KEY("session_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "survey_session_surveys" (
	"session_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "survey_session_surveys_session_id_survey_id_pk" PRIMARY KEY("session_id","survey_id")
);
--> statement-breakpoint
CREATE TABLE "survey_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'in_attesa' NOT NULL,
	"allowed_roles" text[] NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"days_to_sign" integer DEFAULT 3 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "irst_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"product_code" text,
	"product_type" text,
	"dosage" text,
	"frequency" text NOT NULL,
	"route" text,
	"prescriber" text,
	"notes" text,
	"dedupe_key" text NOT NULL,
	"author_id" integer,
	"author_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "irst_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"since" timestamp with time zone,
	"author_id" integer,
	"author_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"survey_version" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"next_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teleconsult_attachments" (
	"booking_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "teleconsult_attachments_booking_id_file_id_pk" PRIMARY KEY("booking_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD COLUMN "own_day" date;--> statement-breakpoint
ALTER TABLE "bot_accesses" ADD CONSTRAINT "bot_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_link_tokens" ADD CONSTRAINT "bot_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_reminder_sends" ADD CONSTRAINT "agenda_reminder_sends_event_id_agenda_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."agenda_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_session_items" ADD CONSTRAINT "filled_survey_session_items_compilation_id_filled_survey_sessions_id_fk" FOREIGN KEY ("compilation_id") REFERENCES "public"."filled_survey_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_session_items" ADD CONSTRAINT "filled_survey_session_items_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_session_items" ADD CONSTRAINT "filled_survey_session_items_filled_survey_id_filled_surveys_id_fk" FOREIGN KEY ("filled_survey_id") REFERENCES "public"."filled_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_sessions" ADD CONSTRAINT "filled_survey_sessions_session_id_survey_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."survey_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_sessions" ADD CONSTRAINT "filled_survey_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_sessions" ADD CONSTRAINT "filled_survey_sessions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_sessions" ADD CONSTRAINT "filled_survey_sessions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_sessions" ADD CONSTRAINT "filled_survey_sessions_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_session_companies" ADD CONSTRAINT "survey_session_companies_session_id_survey_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."survey_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_session_companies" ADD CONSTRAINT "survey_session_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_session_surveys" ADD CONSTRAINT "survey_session_surveys_session_id_survey_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."survey_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_session_surveys" ADD CONSTRAINT "survey_session_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_sessions" ADD CONSTRAINT "survey_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_sessions" ADD CONSTRAINT "survey_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irst_items" ADD CONSTRAINT "irst_items_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irst_items" ADD CONSTRAINT "irst_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irst_updates" ADD CONSTRAINT "irst_updates_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irst_updates" ADD CONSTRAINT "irst_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_drafts" ADD CONSTRAINT "survey_drafts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_attachments" ADD CONSTRAINT "teleconsult_attachments_booking_id_teleconsults_booking_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."teleconsults"("booking_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_attachments" ADD CONSTRAINT "teleconsult_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_accesses_user_idx" ON "bot_accesses" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bot_link_tokens_user_idx" ON "bot_link_tokens" USING btree ("user_id","messenger");--> statement-breakpoint
CREATE UNIQUE INDEX "filled_survey_session_items_fill_unique" ON "filled_survey_session_items" USING btree ("filled_survey_id");--> statement-breakpoint
CREATE INDEX "filled_survey_sessions_session_idx" ON "filled_survey_sessions" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "filled_survey_sessions_company_idx" ON "filled_survey_sessions" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "filled_survey_sessions_patient_idx" ON "filled_survey_sessions" USING btree ("patient_id","id");--> statement-breakpoint
CREATE INDEX "filled_survey_sessions_open_idx" ON "filled_survey_sessions" USING btree ("status","last_activity_at");--> statement-breakpoint
CREATE INDEX "filled_survey_sessions_unsigned_idx" ON "filled_survey_sessions" USING btree ("status","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "filled_survey_sessions_pseudonym_unique" ON "filled_survey_sessions" USING btree ("session_id","pseudonym");--> statement-breakpoint
CREATE INDEX "survey_session_companies_company_idx" ON "survey_session_companies" USING btree ("company_id","enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_session_surveys_position_unique" ON "survey_session_surveys" USING btree ("session_id","position");--> statement-breakpoint
CREATE INDEX "survey_session_surveys_survey_idx" ON "survey_session_surveys" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "survey_sessions_company_idx" ON "survey_sessions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "irst_items_patient_dedupe_unique" ON "irst_items" USING btree ("patient_id","kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "irst_items_patient_kind_idx" ON "irst_items" USING btree ("patient_id","kind","id");--> statement-breakpoint
CREATE INDEX "irst_updates_patient_idx" ON "irst_updates" USING btree ("patient_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_drafts_user_survey_unique" ON "survey_drafts" USING btree ("user_id","survey_id");--> statement-breakpoint
CREATE INDEX "survey_drafts_updated_idx" ON "survey_drafts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "survey_drafts_survey_idx" ON "survey_drafts" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "teleconsult_attachments_file_idx" ON "teleconsult_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "agenda_events_start_id_idx" ON "agenda_events" USING btree ("start_at","id");--> statement-breakpoint
CREATE INDEX "bookings_confirmed_start_id_idx" ON "bookings" USING btree ("start_at","id") WHERE "bookings"."status" = 'confermato';--> statement-breakpoint
CREATE INDEX "anagrafiche_search_trgm_idx" ON "anagrafiche" USING gin (("name" || ' ' || "surname" || ' | ' || "surname" || ' ' || "name" || ' | ' || coalesce("cf", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "filled_surveys_own_day_unique" ON "filled_surveys" USING btree ("survey_id","user_id","own_day") WHERE "filled_surveys"."own_day" is not null;