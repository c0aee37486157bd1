CREATE TABLE "device_update_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"update_id" uuid,
	"version" text NOT NULL,
	"success" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_type" text NOT NULL,
	"version" text NOT NULL,
	"version_order" integer[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"stored_name" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_update_reports" ADD CONSTRAINT "device_update_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_update_reports" ADD CONSTRAINT "device_update_reports_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_update_reports" ADD CONSTRAINT "device_update_reports_update_id_device_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."device_updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_updates" ADD CONSTRAINT "device_updates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_updates" ADD CONSTRAINT "device_updates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_update_reports_device_idx" ON "device_update_reports" USING btree ("company_id","device_id","reported_at");--> statement-breakpoint
CREATE INDEX "device_update_reports_update_idx" ON "device_update_reports" USING btree ("update_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_updates_company_type_version_uq" ON "device_updates" USING btree ("company_id","device_type","version_order");