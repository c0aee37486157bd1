CREATE TABLE "device_files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_files" ADD CONSTRAINT "device_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_files" ADD CONSTRAINT "device_files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_files_device_idx" ON "device_files" USING btree ("company_id","device_id");--> statement-breakpoint
CREATE INDEX "device_files_incomplete_idx" ON "device_files" USING btree ("created_at") WHERE not "device_files"."complete";