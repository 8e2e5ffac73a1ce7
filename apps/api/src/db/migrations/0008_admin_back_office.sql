CREATE TABLE "platform_service_settings" (
	"position_ref" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"value" jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_user_suspensions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"privacy_consent" boolean NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asl" (
	"codice_asl" text PRIMARY KEY NOT NULL,
	"codice_regione" text NOT NULL,
	"regione_istat" text NOT NULL,
	"denominazione" text NOT NULL,
	"denominazione_fonte" text NOT NULL,
	"sito_web" text,
	"comune_sede" text,
	"provincia_sede" text,
	"accorpata_in" text,
	"accorpata_dal" date,
	"note" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "asl_companies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"codice_asl" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_service_settings" ADD CONSTRAINT "platform_service_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_user_suspensions" ADD CONSTRAINT "admin_user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asl_companies" ADD CONSTRAINT "asl_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asl_companies" ADD CONSTRAINT "asl_companies_codice_asl_asl_codice_asl_fk" FOREIGN KEY ("codice_asl") REFERENCES "public"."asl"("codice_asl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_user_suspensions_until_idx" ON "admin_user_suspensions" USING btree ("until");--> statement-breakpoint
CREATE INDEX "public_contacts_created_idx" ON "public_contacts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "asl_regione_idx" ON "asl" USING btree ("regione_istat","denominazione");--> statement-breakpoint
CREATE INDEX "asl_companies_asl_idx" ON "asl_companies" USING btree ("codice_asl");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "health_services_name_idx" ON "health_services" USING btree ("name","id");