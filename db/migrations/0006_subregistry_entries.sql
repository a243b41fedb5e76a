CREATE TABLE "registry_entries" (
	"registry_name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"server_json" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_message" text,
	"published_at" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registry_entries_updated_idx" ON "registry_entries" USING btree ("updated_at");