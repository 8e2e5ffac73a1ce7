CREATE TABLE "care_relationships" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_relationships_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "company_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position_ref" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"proxy_status" boolean DEFAULT false NOT NULL,
	"proxy_scheduling" boolean DEFAULT false NOT NULL,
	"payed_by_company" boolean DEFAULT false NOT NULL,
	"payed_by_citizen" boolean DEFAULT false NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"city" text NOT NULL,
	"email" text,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_service_attachments" (
	"service_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_service_attachments_service_id_file_id_pk" PRIMARY KEY("service_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "company_library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"open_iframe" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prohibited_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer,
	"company_service_id" integer,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "companies_comune_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "subtype" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pec" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "report_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pic_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "asl" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "managed_by_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "default_control_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "picture_file_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "health_services" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "health_services" ADD COLUMN "survey_id" integer;--> statement-breakpoint
ALTER TABLE "health_services" ADD COLUMN "name_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "health_services"."name")) STORED;--> statement-breakpoint
ALTER TABLE "health_services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "company_service_id" integer;--> statement-breakpoint
ALTER TABLE "care_relationships" ADD CONSTRAINT "care_relationships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_relationships" ADD CONSTRAINT "care_relationships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_archives" ADD CONSTRAINT "company_archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_archives" ADD CONSTRAINT "company_archives_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_archives" ADD CONSTRAINT "company_archives_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_services" ADD CONSTRAINT "company_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_invitations" ADD CONSTRAINT "doctor_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_service_attachments" ADD CONSTRAINT "health_service_attachments_service_id_health_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."health_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_service_attachments" ADD CONSTRAINT "health_service_attachments_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_library_items" ADD CONSTRAINT "company_library_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prohibited_dates" ADD CONSTRAINT "prohibited_dates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prohibited_dates" ADD CONSTRAINT "prohibited_dates_service_id_health_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."health_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prohibited_dates" ADD CONSTRAINT "prohibited_dates_company_service_id_company_services_id_fk" FOREIGN KEY ("company_service_id") REFERENCES "public"."company_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_relationships_company_idx" ON "care_relationships" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_relationships_one_preferred" ON "care_relationships" USING btree ("user_id") WHERE "care_relationships"."preferred";--> statement-breakpoint
CREATE INDEX "company_archives_company_idx" ON "company_archives" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_archives_file_idx" ON "company_archives" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_services_unique" ON "company_services" USING btree ("company_id","position_ref");--> statement-breakpoint
CREATE INDEX "company_services_ref_idx" ON "company_services" USING btree ("position_ref","active");--> statement-breakpoint
CREATE INDEX "doctor_invitations_user_idx" ON "doctor_invitations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "health_service_attachments_file_idx" ON "health_service_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "company_library_items_company_idx" ON "company_library_items" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "prohibited_dates_company_idx" ON "prohibited_dates" USING btree ("company_id","date_to");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_managed_by_id_companies_id_fk" FOREIGN KEY ("managed_by_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_picture_file_id_stored_files_id_fk" FOREIGN KEY ("picture_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_company_service_id_company_services_id_fk" FOREIGN KEY ("company_service_id") REFERENCES "public"."company_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_search_idx" ON "companies" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "companies_provincia_idx" ON "companies" USING btree (lower("provincia"));--> statement-breakpoint
CREATE INDEX "companies_regione_idx" ON "companies" USING btree (lower("regione"));--> statement-breakpoint
CREATE INDEX "companies_cap_idx" ON "companies" USING btree ("cap");--> statement-breakpoint
CREATE INDEX "companies_kind_idx" ON "companies" USING btree ("kind","subtype");--> statement-breakpoint
CREATE INDEX "companies_position_idx" ON "companies" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "companies_managed_by_idx" ON "companies" USING btree ("managed_by_id");--> statement-breakpoint
CREATE INDEX "health_services_name_search_idx" ON "health_services" USING gin ("name_search");--> statement-breakpoint
CREATE INDEX "opening_hours_service_idx" ON "opening_hours" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "opening_hours_company_service_idx" ON "opening_hours" USING btree ("company_service_id");--> statement-breakpoint
CREATE INDEX "companies_comune_idx" ON "companies" USING btree (lower("comune"));--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "longitude";