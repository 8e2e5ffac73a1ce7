CREATE TABLE "filled_survey_files" (
	"filled_survey_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "filled_survey_files_filled_survey_id_file_id_pk" PRIMARY KEY("filled_survey_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "filled_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"survey_version" integer NOT NULL,
	"template" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"user_id" integer NOT NULL,
	"filled_by" integer,
	"company_id" integer,
	"score" double precision,
	"score_band" text,
	"session_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"name" text NOT NULL,
	"description" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'attiva' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_activity_companies" (
	"activity_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_activity_companies_activity_id_company_id_pk" PRIMARY KEY("activity_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "survey_companies" (
	"survey_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_companies_survey_id_company_id_pk" PRIMARY KEY("survey_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"informativa" text,
	"template" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'attivo' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "filled_survey_files" ADD CONSTRAINT "filled_survey_files_filled_survey_id_filled_surveys_id_fk" FOREIGN KEY ("filled_survey_id") REFERENCES "public"."filled_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_survey_files" ADD CONSTRAINT "filled_survey_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_filled_by_users_id_fk" FOREIGN KEY ("filled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filled_surveys" ADD CONSTRAINT "filled_surveys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_activities" ADD CONSTRAINT "survey_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_activities" ADD CONSTRAINT "survey_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_activity_companies" ADD CONSTRAINT "survey_activity_companies_activity_id_survey_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."survey_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_activity_companies" ADD CONSTRAINT "survey_activity_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_companies" ADD CONSTRAINT "survey_companies_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_companies" ADD CONSTRAINT "survey_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_activity_id_survey_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."survey_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filled_survey_files_file_idx" ON "filled_survey_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "filled_surveys_survey_idx" ON "filled_surveys" USING btree ("survey_id","company_id","id");--> statement-breakpoint
CREATE INDEX "filled_surveys_user_idx" ON "filled_surveys" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "survey_activities_company_idx" ON "survey_activities" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "survey_activity_companies_company_idx" ON "survey_activity_companies" USING btree ("company_id","enabled");--> statement-breakpoint
CREATE INDEX "survey_companies_company_idx" ON "survey_companies" USING btree ("company_id","enabled");--> statement-breakpoint
CREATE INDEX "surveys_activity_idx" ON "surveys" USING btree ("activity_id","id");