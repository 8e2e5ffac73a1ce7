CREATE TABLE "popup_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"response" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_answers_once" UNIQUE("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "popup_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"options" text[] NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"active_from" date NOT NULL,
	"active_to" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_service_surveys" (
	"health_service_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspended_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"health_service_id" integer,
	"filled_survey_id" integer,
	"filled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "popup_answers" ADD CONSTRAINT "popup_answers_question_id_popup_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."popup_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_answers" ADD CONSTRAINT "popup_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_questions" ADD CONSTRAINT "popup_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_service_surveys" ADD CONSTRAINT "health_service_surveys_health_service_id_health_services_id_fk" FOREIGN KEY ("health_service_id") REFERENCES "public"."health_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_service_surveys" ADD CONSTRAINT "health_service_surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_service_surveys" ADD CONSTRAINT "health_service_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_health_service_id_health_services_id_fk" FOREIGN KEY ("health_service_id") REFERENCES "public"."health_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspended_surveys" ADD CONSTRAINT "suspended_surveys_filled_survey_id_filled_surveys_id_fk" FOREIGN KEY ("filled_survey_id") REFERENCES "public"."filled_surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "popup_answers_user_idx" ON "popup_answers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "popup_questions_live_idx" ON "popup_questions" USING btree ("active_from","active_to") WHERE "popup_questions"."active";--> statement-breakpoint
CREATE INDEX "health_service_surveys_company_idx" ON "health_service_surveys" USING btree ("company_id","health_service_id");--> statement-breakpoint
CREATE INDEX "health_service_surveys_survey_idx" ON "health_service_surveys" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suspended_surveys_booking_unique" ON "suspended_surveys" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "suspended_surveys_user_idx" ON "suspended_surveys" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_start_status_idx" ON "bookings" USING btree ("start_at","status");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_type_live_idx" ON "users" USING btree ("type") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "filled_surveys_survey_created_idx" ON "filled_surveys" USING btree ("survey_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "filled_surveys_booking_survey_unique" ON "filled_surveys" USING btree ("booking_id","survey_id") WHERE "filled_surveys"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "teleconsults_created_idx" ON "teleconsults" USING btree ("created_at");