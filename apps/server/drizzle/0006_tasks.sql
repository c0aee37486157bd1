CREATE TABLE "task_households" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"building_number" text NOT NULL,
	"floor" integer NOT NULL,
	"household" integer NOT NULL,
	"house_map_id" uuid,
	CONSTRAINT "task_households_task_id_building_id_floor_household_pk" PRIMARY KEY("task_id","building_id","floor","household")
);
--> statement-breakpoint
CREATE TABLE "task_surveyors" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "task_surveyors_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stage" text NOT NULL,
	"measure_kind" text NOT NULL,
	"inspection_kind" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"device_id" uuid,
	"planned_date" date,
	"parent_task_id" uuid,
	"household_count" integer NOT NULL,
	"standard" jsonb NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_building_id_project_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."project_buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_house_map_id_house_maps_id_fk" FOREIGN KEY ("house_map_id") REFERENCES "public"."house_maps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_task_id_tasks_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_households_building_idx" ON "task_households" USING btree ("building_id","floor");--> statement-breakpoint
CREATE INDEX "task_surveyors_user_idx" ON "task_surveyors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_company_created_idx" ON "tasks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_device_idx" ON "tasks" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_task_id");