CREATE TABLE "company_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position_ref" smallint NOT NULL,
	"plan" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_subscriptions_status_check" CHECK ("company_subscriptions"."status" in ('active', 'suspended', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "caregiver_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"assisted_id" integer NOT NULL,
	"status" text NOT NULL,
	"health_data" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emergency_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"surname" text,
	"relationship" text NOT NULL,
	"regione" text NOT NULL,
	"provincia" text NOT NULL,
	"comune" text NOT NULL,
	"cap" text NOT NULL,
	"address" text,
	"tel_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"html_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_document_files" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"unsigned_pdf" "bytea" NOT NULL,
	"signed_pdf" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "to_be_signed_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" integer,
	"name" text NOT NULL,
	"html_content" text NOT NULL,
	"created_by" integer,
	"booking_id" integer,
	"assigned_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opened_by" integer,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"signed_on_behalf_of" integer,
	"signer_name" text,
	"signer_tax_code" text,
	"signer_ip" text,
	"unsigned_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text NOT NULL,
	"exam_ids" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"patient_id" integer NOT NULL,
	"measurement_id" integer,
	"exam_id" integer,
	"risk" smallint,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "health_exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"decimals" smallint DEFAULT 0 NOT NULL,
	"plausible_min" double precision NOT NULL,
	"plausible_max" double precision NOT NULL,
	"reference_min" double precision,
	"reference_max" double precision,
	"loinc" text,
	"bands" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_frequencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"exam_id" integer,
	"scale_id" integer,
	"every" smallint NOT NULL,
	"unit" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"set_by" integer,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_measurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"author_id" integer,
	"author_kind" text NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"notes" text,
	"band_min" double precision,
	"band_max" double precision,
	"risk" smallint,
	"source" text DEFAULT 'manuale' NOT NULL,
	"patient_device_id" integer,
	"attachment_id" integer,
	"attachment_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_scales" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min_score" double precision NOT NULL,
	"max_score" double precision NOT NULL,
	"bands" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"scale_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"label" text,
	"risk" smallint,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_ref" text,
	"taken_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_thresholds" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"bands" jsonb NOT NULL,
	"diagnostic_protocol" text,
	"operational_protocol" text,
	"notes" text,
	"set_by" integer,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"device_model_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"enabled_exam_ids" integer[] NOT NULL,
	"assigned_by" integer,
	"company_id" integer,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anamnesis_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"date" date,
	"author_id" integer,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"author_id" integer,
	"kind" text NOT NULL,
	"text" text,
	"subjective" text,
	"objective" text,
	"assessment" text,
	"plan" text,
	"other" text,
	"visible" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"author_id" integer,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"discharge" boolean DEFAULT false NOT NULL,
	"signer_name" text,
	"register_id" text,
	"signed_at" timestamp with time zone,
	"file_id" integer,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"uploader_id" integer,
	"company_id" integer,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"file_id" integer NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinical_report_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"otp_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_exemption_pathologies" (
	"exemption_id" integer NOT NULL,
	"pathology_id" integer NOT NULL,
	CONSTRAINT "health_exemption_pathologies_exemption_id_pathology_id_pk" PRIMARY KEY("exemption_id","pathology_id")
);
--> statement-breakpoint
CREATE TABLE "health_exemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"author_id" integer,
	"author_company_id" integer,
	"author_role" text NOT NULL,
	"code" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"enabled" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_pathologies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"author_id" integer,
	"author_company_id" integer,
	"author_role" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"private" boolean DEFAULT false NOT NULL,
	"notes" text,
	"icd10_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_therapies" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"author_id" integer,
	"author_company_id" integer,
	"author_role" text NOT NULL,
	"pathology_id" integer,
	"drug_code" text,
	"drug_name" text NOT NULL,
	"drug_not_listed" boolean DEFAULT false NOT NULL,
	"dosage" double precision NOT NULL,
	"dosage_unit" text NOT NULL,
	"route" text NOT NULL,
	"frequency" text NOT NULL,
	"frequency_every" integer,
	"intake_moments" text[] NOT NULL,
	"duration" text NOT NULL,
	"cycle_every" integer,
	"cycle_unit" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"private" boolean DEFAULT false NOT NULL,
	"prescriber" text NOT NULL,
	"source" text NOT NULL,
	"side_effects" text,
	"allergic_reactions" text,
	"interactions" text,
	"notes" text,
	"suspended_at" timestamp with time zone,
	"adherence_override" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_therapy_intakes" (
	"therapy_id" integer NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"taken" boolean NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_therapy_intakes_therapy_id_scheduled_at_pk" PRIMARY KEY("therapy_id","scheduled_at")
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"channels" text[] NOT NULL,
	"leads" text[] NOT NULL,
	"kinds" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"lead" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_sends_once" UNIQUE("booking_id","lead","channel")
);
--> statement-breakpoint
CREATE TABLE "support_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_italian" boolean DEFAULT true NOT NULL,
	"release_date" date,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"object" text NOT NULL,
	"content" text NOT NULL,
	"email_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teleconsult_room_clocks" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teleconsult_room_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"invited_by" integer,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"token_hash" text NOT NULL,
	"opened_at" timestamp with time zone,
	"socket_token_hash" text,
	"admitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teleconsult_operator_status" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position_ref" smallint NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"session_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teleconsult_operator_status_user_id_company_id_position_ref_pk" PRIMARY KEY("user_id","company_id","position_ref")
);
--> statement-breakpoint
CREATE TABLE "teleconsults" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"family_member_id" integer,
	"kind" text NOT NULL,
	"position_ref" smallint NOT NULL,
	"reason" text,
	"deadline" timestamp with time zone,
	"operator_id" integer,
	"taken_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teleconsults_kind_check" CHECK ("teleconsults"."kind" in ('rapido', 'pediatrico', 'specialistico'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD CONSTRAINT "company_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_relations" ADD CONSTRAINT "caregiver_relations_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_relations" ADD CONSTRAINT "caregiver_relations_assisted_id_users_id_fk" FOREIGN KEY ("assisted_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_contacts" ADD CONSTRAINT "emergency_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_codes" ADD CONSTRAINT "user_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_document_files" ADD CONSTRAINT "signed_document_files_document_id_to_be_signed_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."to_be_signed_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "to_be_signed_documents" ADD CONSTRAINT "to_be_signed_documents_signed_on_behalf_of_users_id_fk" FOREIGN KEY ("signed_on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_events" ADD CONSTRAINT "health_events_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_frequencies" ADD CONSTRAINT "health_frequencies_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_frequencies" ADD CONSTRAINT "health_frequencies_exam_id_health_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."health_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_frequencies" ADD CONSTRAINT "health_frequencies_scale_id_health_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."health_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_frequencies" ADD CONSTRAINT "health_frequencies_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_frequencies" ADD CONSTRAINT "health_frequencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_exam_id_health_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."health_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_patient_device_id_patient_devices_id_fk" FOREIGN KEY ("patient_device_id") REFERENCES "public"."patient_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_attachment_id_stored_files_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_scores" ADD CONSTRAINT "health_scores_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_scores" ADD CONSTRAINT "health_scores_scale_id_health_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."health_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_thresholds" ADD CONSTRAINT "health_thresholds_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_thresholds" ADD CONSTRAINT "health_thresholds_exam_id_health_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."health_exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_thresholds" ADD CONSTRAINT "health_thresholds_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_thresholds" ADD CONSTRAINT "health_thresholds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_device_model_id_device_models_id_fk" FOREIGN KEY ("device_model_id") REFERENCES "public"."device_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD CONSTRAINT "patient_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_entries" ADD CONSTRAINT "anamnesis_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_entries" ADD CONSTRAINT "anamnesis_entries_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anamnesis_entries" ADD CONSTRAINT "anamnesis_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_annotations" ADD CONSTRAINT "health_annotations_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_annotations" ADD CONSTRAINT "health_annotations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_annotations" ADD CONSTRAINT "health_annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_reports" ADD CONSTRAINT "clinical_reports_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_reports" ADD CONSTRAINT "clinical_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_reports" ADD CONSTRAINT "clinical_reports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_reports" ADD CONSTRAINT "clinical_reports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_documents" ADD CONSTRAINT "health_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_report_settings" ADD CONSTRAINT "clinical_report_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_exemption_pathologies" ADD CONSTRAINT "health_exemption_pathologies_exemption_id_health_exemptions_id_fk" FOREIGN KEY ("exemption_id") REFERENCES "public"."health_exemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_exemption_pathologies" ADD CONSTRAINT "health_exemption_pathologies_pathology_id_health_pathologies_id_fk" FOREIGN KEY ("pathology_id") REFERENCES "public"."health_pathologies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_exemptions" ADD CONSTRAINT "health_exemptions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_exemptions" ADD CONSTRAINT "health_exemptions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_exemptions" ADD CONSTRAINT "health_exemptions_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_pathologies" ADD CONSTRAINT "health_pathologies_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_pathologies" ADD CONSTRAINT "health_pathologies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_pathologies" ADD CONSTRAINT "health_pathologies_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapies" ADD CONSTRAINT "health_therapies_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapies" ADD CONSTRAINT "health_therapies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapies" ADD CONSTRAINT "health_therapies_author_company_id_companies_id_fk" FOREIGN KEY ("author_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapies" ADD CONSTRAINT "health_therapies_pathology_id_health_pathologies_id_fk" FOREIGN KEY ("pathology_id") REFERENCES "public"."health_pathologies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapy_intakes" ADD CONSTRAINT "health_therapy_intakes_therapy_id_health_therapies_id_fk" FOREIGN KEY ("therapy_id") REFERENCES "public"."health_therapies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_therapy_intakes" ADD CONSTRAINT "health_therapy_intakes_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_downloads" ADD CONSTRAINT "support_downloads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_room_clocks" ADD CONSTRAINT "teleconsult_room_clocks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_room_guests" ADD CONSTRAINT "teleconsult_room_guests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_room_guests" ADD CONSTRAINT "teleconsult_room_guests_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_operator_status" ADD CONSTRAINT "teleconsult_operator_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_operator_status" ADD CONSTRAINT "teleconsult_operator_status_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsult_operator_status" ADD CONSTRAINT "teleconsult_operator_status_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsults" ADD CONSTRAINT "teleconsults_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsults" ADD CONSTRAINT "teleconsults_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsults" ADD CONSTRAINT "teleconsults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsults" ADD CONSTRAINT "teleconsults_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teleconsults" ADD CONSTRAINT "teleconsults_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_subscriptions_company_ref_idx" ON "company_subscriptions" USING btree ("company_id","position_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_relations_pair_unique" ON "caregiver_relations" USING btree ("caregiver_id","assisted_id");--> statement-breakpoint
CREATE INDEX "caregiver_relations_assisted_idx" ON "caregiver_relations" USING btree ("assisted_id");--> statement-breakpoint
CREATE INDEX "emergency_contacts_user_idx" ON "emergency_contacts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_codes_code_unique" ON "user_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "document_templates_company_idx" ON "document_templates" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "to_be_signed_documents_booking_idx" ON "to_be_signed_documents" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "to_be_signed_documents_company_idx" ON "to_be_signed_documents" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "health_events_pending_idx" ON "health_events" USING btree ("id") WHERE "health_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_exams_name_idx" ON "health_exams" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "health_frequencies_exam_idx" ON "health_frequencies" USING btree ("patient_id","exam_id") WHERE "health_frequencies"."exam_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_frequencies_scale_idx" ON "health_frequencies" USING btree ("patient_id","scale_id") WHERE "health_frequencies"."scale_id" is not null;--> statement-breakpoint
CREATE INDEX "health_measurements_patient_exam_idx" ON "health_measurements" USING btree ("patient_id","exam_id","measured_at");--> statement-breakpoint
CREATE INDEX "health_measurements_patient_idx" ON "health_measurements" USING btree ("patient_id","measured_at");--> statement-breakpoint
CREATE INDEX "health_measurements_attachment_idx" ON "health_measurements" USING btree ("attachment_id") WHERE "health_measurements"."attachment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_measurements_device_reading_idx" ON "health_measurements" USING btree ("patient_device_id","exam_id","measured_at") WHERE "health_measurements"."patient_device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "health_scales_code_idx" ON "health_scales" USING btree ("code");--> statement-breakpoint
CREATE INDEX "health_scores_patient_scale_idx" ON "health_scores" USING btree ("patient_id","scale_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_thresholds_patient_exam_idx" ON "health_thresholds" USING btree ("patient_id","exam_id");--> statement-breakpoint
CREATE INDEX "patient_devices_patient_idx" ON "patient_devices" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_devices_product_idx" ON "patient_devices" USING btree ("device_model_id","product_code");--> statement-breakpoint
CREATE INDEX "anamnesis_entries_patient_idx" ON "anamnesis_entries" USING btree ("patient_id","category","created_at");--> statement-breakpoint
CREATE INDEX "health_annotations_patient_idx" ON "health_annotations" USING btree ("patient_id","company_id","created_at");--> statement-breakpoint
CREATE INDEX "health_annotations_visible_idx" ON "health_annotations" USING btree ("patient_id","created_at") WHERE "health_annotations"."visible";--> statement-breakpoint
CREATE INDEX "health_annotations_company_idx" ON "health_annotations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "clinical_reports_patient_idx" ON "clinical_reports" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "clinical_reports_company_idx" ON "clinical_reports" USING btree ("company_id","discharge","created_at");--> statement-breakpoint
CREATE INDEX "clinical_reports_file_idx" ON "clinical_reports" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "health_documents_patient_idx" ON "health_documents" USING btree ("patient_id","date","id");--> statement-breakpoint
CREATE INDEX "health_documents_file_idx" ON "health_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "health_exemption_pathologies_pathology_idx" ON "health_exemption_pathologies" USING btree ("pathology_id");--> statement-breakpoint
CREATE INDEX "health_exemptions_patient_idx" ON "health_exemptions" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "health_pathologies_patient_idx" ON "health_pathologies" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "health_therapies_patient_idx" ON "health_therapies" USING btree ("patient_id","start_date");--> statement-breakpoint
CREATE INDEX "reminder_sends_user_idx" ON "reminder_sends" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_downloads_kind_scope_idx" ON "support_downloads" USING btree ("kind","scope","release_date");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "teleconsult_room_clocks_running_idx" ON "teleconsult_room_clocks" USING btree ("deadline") WHERE "teleconsult_room_clocks"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "teleconsult_room_guests_token_idx" ON "teleconsult_room_guests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "teleconsult_room_guests_socket_idx" ON "teleconsult_room_guests" USING btree ("socket_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "teleconsult_room_guests_booking_idx" ON "teleconsult_room_guests" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "teleconsult_operator_on_idx" ON "teleconsult_operator_status" USING btree ("position_ref","company_id") WHERE "teleconsult_operator_status"."active";--> statement-breakpoint
CREATE INDEX "teleconsults_company_kind_idx" ON "teleconsults" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "teleconsults_user_idx" ON "teleconsults" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "teleconsults_waiting_deadline_idx" ON "teleconsults" USING btree ("deadline") WHERE "teleconsults"."taken_at" is null and "teleconsults"."open";--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_push_queue_idx" ON "notifications" USING btree ("id") WHERE "notifications"."push_status" in ('pending', 'sending');