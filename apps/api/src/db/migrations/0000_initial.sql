CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"vat_number" text,
	"email" text,
	"phone" text,
	"regione" text,
	"provincia" text,
	"comune" text,
	"cap" text,
	"address" text,
	"latitude" text,
	"longitude" text,
	"timezone" text DEFAULT 'Europe/Rome' NOT NULL,
	"allow_overlap" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"position_ref" integer DEFAULT 1 NOT NULL,
	"description" text,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"price_cents" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer,
	"weekday" smallint NOT NULL,
	"opens_at" time NOT NULL,
	"closes_at" time NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" text DEFAULT 'operatore' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uploaded_by" integer,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"destination" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"nre" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anagrafiche" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"cf" text,
	"gender" text,
	"birthday" date,
	"regione" text,
	"provincia" text,
	"comune" text,
	"cap" text,
	"address" text,
	"ts_number" text,
	"prefix" text DEFAULT '+39' NOT NULL,
	"tel_number" text,
	"home_number" text,
	"tel_number_secondary" text,
	"prefix_secondary" text DEFAULT '+39' NOT NULL,
	"medico_base" text,
	"denominazione_asl" text,
	"title" text,
	"id_albo" text,
	"tipo_albo" text,
	"specializzazione" text,
	"nazione_nascita" text DEFAULT 'italia' NOT NULL,
	"estero" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"client" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"username" text,
	"password_hash" text,
	"type" smallint NOT NULL,
	"i_am" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"number_verified_at" timestamp with time zone,
	"temporary_password" boolean DEFAULT false NOT NULL,
	"expired_password" boolean DEFAULT false NOT NULL,
	"profile_pic_file_id" integer,
	"session_timeout_minutes" integer DEFAULT 0 NOT NULL,
	"data_consense" boolean DEFAULT false NOT NULL,
	"share_consense" boolean DEFAULT false NOT NULL,
	"charge_consense" boolean DEFAULT false NOT NULL,
	"notification_consense" boolean DEFAULT true NOT NULL,
	"marketing_consense" boolean DEFAULT true NOT NULL,
	"push_token" text,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_type" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"company_id" integer,
	"detail" jsonb,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "health_services" ADD CONSTRAINT "health_services_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_service_id_health_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."health_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anagrafiche" ADD CONSTRAINT "anagrafiche_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_code_unique" ON "companies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "companies_comune_idx" ON "companies" USING btree ("comune");--> statement-breakpoint
CREATE INDEX "health_services_company_idx" ON "health_services" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "opening_hours_company_idx" ON "opening_hours" USING btree ("company_id","service_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_user_unique" ON "operators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operators_company_idx" ON "operators" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "stored_files_uploader_idx" ON "stored_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "anagrafiche_user_unique" ON "anagrafiche" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "anagrafiche_cf_idx" ON "anagrafiche" USING btree ("cf");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient","created_at");