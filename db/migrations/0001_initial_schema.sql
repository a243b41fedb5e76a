CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "certification_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"server_url" text NOT NULL,
	"tier" text NOT NULL,
	"contact_email" text NOT NULL,
	"publisher_name" text,
	"status" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_verification_attempt_at" timestamp with time zone,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"decision_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certification_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skipped_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"server_id" uuid NOT NULL,
	"server_url" text NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"scoring_version" text NOT NULL,
	"trust_score" integer,
	"grade" text,
	"uncapped_grade" text,
	"trust_label" text,
	"cap_reason" text,
	"trust_summary" text,
	"findings_summary" text,
	"factors" jsonb,
	"findings" jsonb NOT NULL,
	"discovery" jsonb,
	"network" jsonb,
	"tool_hashes" jsonb NOT NULL,
	"tools_hash" text,
	"changes" jsonb,
	"tool_count" integer DEFAULT 0 NOT NULL,
	"resource_count" integer DEFAULT 0 NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text,
	"registry_name" text,
	"name" text NOT NULL,
	"title" text,
	"description" text,
	"version" text,
	"publisher_name" text NOT NULL,
	"package_name" text,
	"package_registry" text,
	"repository_url" text,
	"website_url" text,
	"transport_type" text,
	"source" text NOT NULL,
	"registry_status" text DEFAULT 'active' NOT NULL,
	"import_hash" text,
	"certification_status" text DEFAULT 'none' NOT NULL,
	"trust_score" integer,
	"grade" text,
	"trust_label" text,
	"trust_summary" text,
	"findings_summary" text,
	"scan_type" text,
	"last_scanned_at" timestamp with time zone,
	"latest_scan_id" uuid,
	"scan_count" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(url, '') || ' ' || coalesce(publisher_name, '') || ' ' || coalesce(package_name, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certification_applications" ADD CONSTRAINT "certification_applications_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_audit" ADD CONSTRAINT "certification_audit_application_id_certification_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."certification_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "cert_apps_server_idx" ON "certification_applications" USING btree ("server_id","tier");--> statement-breakpoint
CREATE UNIQUE INDEX "cert_apps_open_key" ON "certification_applications" USING btree ("server_id","tier") WHERE status in ('pending_verification', 'verified');--> statement-breakpoint
CREATE INDEX "cert_apps_status_idx" ON "certification_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cert_audit_app_idx" ON "certification_audit" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "scans_server_time_idx" ON "scans" USING btree ("server_id","scanned_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scans_time_idx" ON "scans" USING btree ("scanned_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scans_flagged_idx" ON "scans" USING btree ("scanned_at" DESC NULLS FIRST) WHERE flagged;--> statement-breakpoint
CREATE UNIQUE INDEX "servers_url_key" ON "servers" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_registry_name_key" ON "servers" USING btree ("registry_name");--> statement-breakpoint
CREATE INDEX "servers_search_trgm" ON "servers" USING gin ("search_text" gin_trgm_ops) WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_score_idx" ON "servers" USING btree ("trust_score" DESC NULLS FIRST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_recent_idx" ON "servers" USING btree ("last_scanned_at" DESC NULLS FIRST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_name_idx" ON "servers" USING btree ("name","id") WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_grade_score_idx" ON "servers" USING btree ("grade","trust_score" DESC NULLS FIRST,"id") WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_cert_score_idx" ON "servers" USING btree ("trust_score" DESC NULLS FIRST,"id") WHERE listed and certification_status <> 'none';--> statement-breakpoint
CREATE INDEX "servers_publisher_idx" ON "servers" USING btree ("publisher_name");--> statement-breakpoint
CREATE INDEX "servers_package_idx" ON "servers" USING btree ("package_name");--> statement-breakpoint
CREATE INDEX "servers_unscanned_idx" ON "servers" USING btree ("last_scanned_at") WHERE url is not null and registry_status <> 'deleted';