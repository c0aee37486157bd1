CREATE TABLE "report_renditions" (
	"code" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid,
	"task_id" uuid,
	"language" text NOT NULL,
	"report_name" text NOT NULL,
	"project_name" text NOT NULL,
	"task_name" text NOT NULL,
	"figures" jsonb NOT NULL,
	"sha256" text NOT NULL,
	"rendered_at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"superseded_reason" text,
	"superseded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "queued_reason" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "remeasure_point_indexes" integer[];--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "item_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "items_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_renditions" ADD CONSTRAINT "report_renditions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_renditions" ADD CONSTRAINT "report_renditions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_renditions" ADD CONSTRAINT "report_renditions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_renditions_report_idx" ON "report_renditions" USING btree ("report_id","rendered_at");--> statement-breakpoint
-- Work orders made before items were a list keep their one item.
UPDATE "work_orders" SET "item_codes" = ARRAY["item_code"] WHERE "item_code" IS NOT NULL;
