CREATE TABLE "household_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"building_number" text NOT NULL,
	"floor" integer NOT NULL,
	"household" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"stamp" text NOT NULL,
	"mark" integer DEFAULT 0 NOT NULL,
	"has_model_view" boolean DEFAULT false NOT NULL,
	"pdf_name" text,
	"xlsx_name" text,
	"pdf_sha256" text,
	"pdf_name_en" text,
	"xlsx_name_en" text,
	"pdf_sha256_en" text,
	"rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_reports" ADD CONSTRAINT "household_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_reports" ADD CONSTRAINT "household_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_reports" ADD CONSTRAINT "household_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "household_reports_place_idx" ON "household_reports" USING btree ("company_id","task_id","building_number","floor","household");--> statement-breakpoint
CREATE INDEX "household_reports_task_idx" ON "household_reports" USING btree ("company_id","task_id");