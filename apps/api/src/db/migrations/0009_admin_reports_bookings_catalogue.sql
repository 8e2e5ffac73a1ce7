CREATE TABLE "fds_adhesions" (
	"service_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fds_adhesions_service_id_company_id_pk" PRIMARY KEY("service_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "fds_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_company_services" (
	"day" date NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"active_services" integer NOT NULL,
	CONSTRAINT "report_company_services_day_company_id_pk" PRIMARY KEY("day","company_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_activity" (
	"day" date NOT NULL,
	"region" text NOT NULL,
	"registered_citizens" integer DEFAULT 0 NOT NULL,
	"registered_operators" integer DEFAULT 0 NOT NULL,
	"registered_admins" integer DEFAULT 0 NOT NULL,
	"active_citizens" integer DEFAULT 0 NOT NULL,
	"returning_citizens" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"teleconsults" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_activity_day_region_pk" PRIMARY KEY("day","region")
);
--> statement-breakpoint
CREATE TABLE "report_daily_service_bookings" (
	"day" date NOT NULL,
	"region" text NOT NULL,
	"position_ref" smallint NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_service_bookings_day_region_position_ref_pk" PRIMARY KEY("day","region","position_ref")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"backfilled_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fds_adhesions" ADD CONSTRAINT "fds_adhesions_service_id_fds_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."fds_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fds_adhesions" ADD CONSTRAINT "fds_adhesions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fds_adhesions" ADD CONSTRAINT "fds_adhesions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fds_adhesions_company_idx" ON "fds_adhesions" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fds_services_code_idx" ON "fds_services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "report_company_services_region_day_idx" ON "report_company_services" USING btree ("region","day");--> statement-breakpoint
CREATE INDEX "report_daily_activity_region_day_idx" ON "report_daily_activity" USING btree ("region","day");--> statement-breakpoint
CREATE INDEX "report_daily_service_bookings_region_day_idx" ON "report_daily_service_bookings" USING btree ("region","day");--> statement-breakpoint
CREATE INDEX "bookings_kind_created_idx" ON "bookings" USING btree ("kind","created_at","id");