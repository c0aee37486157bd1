CREATE TABLE "scan_downloads" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_rulers" (
	"company_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"surface_index" integer NOT NULL,
	"point_index" integer,
	"item_code" text NOT NULL,
	"value_index" integer NOT NULL,
	"from_point" jsonb NOT NULL,
	"to_point" jsonb NOT NULL,
	"value_mm" double precision NOT NULL,
	"grade" text,
	CONSTRAINT "scan_rulers_scan_id_surface_index_item_code_value_index_pk" PRIMARY KEY("scan_id","surface_index","item_code","value_index")
);
--> statement-breakpoint
CREATE TABLE "scan_surfaces" (
	"company_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"point_index" integer,
	"item_code" text,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"corners" jsonb NOT NULL,
	"normal" jsonb NOT NULL,
	"plane_offset" double precision NOT NULL,
	"max_mm" double precision NOT NULL,
	"min_mm" double precision NOT NULL,
	"rms_mm" double precision NOT NULL,
	"out_of_tolerance_share" double precision NOT NULL,
	"area_m2" double precision NOT NULL,
	CONSTRAINT "scan_surfaces_scan_id_index_pk" PRIMARY KEY("scan_id","index")
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"device_id" uuid,
	"file_id" text NOT NULL,
	"kind" text NOT NULL,
	"format" text,
	"name" text NOT NULL,
	"building_number" text NOT NULL,
	"floor" integer NOT NULL,
	"household" integer,
	"side" text,
	"point_index" integer,
	"points" bigint,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error_key" text,
	"error_params" jsonb,
	"tiles_key" text,
	"model_key" text,
	"bounds" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_shares" ADD COLUMN "scan_id" uuid;--> statement-breakpoint
ALTER TABLE "scan_downloads" ADD CONSTRAINT "scan_downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_downloads" ADD CONSTRAINT "scan_downloads_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_rulers" ADD CONSTRAINT "scan_rulers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_rulers" ADD CONSTRAINT "scan_rulers_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_surfaces" ADD CONSTRAINT "scan_surfaces_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_surfaces" ADD CONSTRAINT "scan_surfaces_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_downloads_expires_idx" ON "scan_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "scan_rulers_company_idx" ON "scan_rulers" USING btree ("company_id","scan_id");--> statement-breakpoint
CREATE INDEX "scan_surfaces_company_idx" ON "scan_surfaces" USING btree ("company_id","scan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_file_idx" ON "scans" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "scans_task_idx" ON "scans" USING btree ("company_id","task_id","created_at");--> statement-breakpoint
CREATE INDEX "scans_project_idx" ON "scans" USING btree ("company_id","project_id","created_at");--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;