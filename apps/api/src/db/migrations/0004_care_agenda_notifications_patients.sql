CREATE TABLE "agenda_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"place" text NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_frequencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"health_service_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"every" smallint NOT NULL,
	"unit" smallint NOT NULL,
	"next_date" date NOT NULL,
	"time" time NOT NULL,
	"end_date" date,
	"notes" text,
	"created_by_type" smallint NOT NULL,
	"created_by" integer,
	"last_booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_frequency_occurrences" (
	"frequency_id" integer NOT NULL,
	"date" date NOT NULL,
	"booking_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_frequency_occurrences_frequency_id_date_pk" PRIMARY KEY("frequency_id","date")
);
--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"author_user_id" integer,
	"author_kind" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"tax_code" text NOT NULL,
	"health_card_number" text,
	"age_band" text NOT NULL,
	"relationship" text NOT NULL,
	"gender" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"booking_id" integer,
	"action" text,
	"popup" boolean DEFAULT false NOT NULL,
	"popup_action" text,
	"popup_variant" text DEFAULT 'info' NOT NULL,
	"seen_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'none' NOT NULL,
	"email_attempts" smallint DEFAULT 0 NOT NULL,
	"email_claimed_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_patients" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"origin" text NOT NULL,
	"created_by" integer,
	"active" boolean DEFAULT true NOT NULL,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_patients_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "health_service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "start_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "end_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "products" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "nre" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rev" text;--> statement-breakpoint
ALTER TABLE "agenda_events" ADD CONSTRAINT "agenda_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequencies" ADD CONSTRAINT "booking_frequencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequencies" ADD CONSTRAINT "booking_frequencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequencies" ADD CONSTRAINT "booking_frequencies_health_service_id_health_services_id_fk" FOREIGN KEY ("health_service_id") REFERENCES "public"."health_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequencies" ADD CONSTRAINT "booking_frequencies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequencies" ADD CONSTRAINT "booking_frequencies_last_booking_id_bookings_id_fk" FOREIGN KEY ("last_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequency_occurrences" ADD CONSTRAINT "booking_frequency_occurrences_frequency_id_booking_frequencies_id_fk" FOREIGN KEY ("frequency_id") REFERENCES "public"."booking_frequencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_frequency_occurrences" ADD CONSTRAINT "booking_frequency_occurrences_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_patients" ADD CONSTRAINT "company_patients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_patients" ADD CONSTRAINT "company_patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_patients" ADD CONSTRAINT "company_patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_events_user_start_idx" ON "agenda_events" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "booking_frequencies_user_idx" ON "booking_frequencies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_frequencies_company_idx" ON "booking_frequencies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "booking_frequencies_due_idx" ON "booking_frequencies" USING btree ("enabled","next_date");--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_user_tax_code_unique" ON "family_members" USING btree ("user_id","tax_code");--> statement-breakpoint
CREATE INDEX "family_members_user_idx" ON "family_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_popup_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."popup" and "notifications"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_queue_idx" ON "notifications" USING btree ("id") WHERE "notifications"."email_status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "company_patients_user_idx" ON "company_patients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_patients_created_by_idx" ON "company_patients" USING btree ("created_by","company_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_company_status_start_idx" ON "bookings" USING btree ("company_id","status","start_at");