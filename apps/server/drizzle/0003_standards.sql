CREATE TABLE "measure_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"stage" text NOT NULL,
	"mode" text NOT NULL,
	"concrete" boolean DEFAULT false NOT NULL,
	"dimension" text,
	"needs_design" boolean DEFAULT false NOT NULL,
	"standards" jsonb NOT NULL,
	"rule" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_standards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"classes" jsonb NOT NULL,
	"base_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measure_items" ADD CONSTRAINT "measure_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_standards" ADD CONSTRAINT "project_standards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_standards" ADD CONSTRAINT "project_standards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "measure_items_code_uq" ON "measure_items" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "measure_items_name_zh_uq" ON "measure_items" USING btree ("company_id","stage","name_zh");--> statement-breakpoint
CREATE UNIQUE INDEX "measure_items_name_en_uq" ON "measure_items" USING btree ("company_id","stage","name_en");--> statement-breakpoint
CREATE UNIQUE INDEX "project_standards_project_stage_uq" ON "project_standards" USING btree ("project_id","stage");