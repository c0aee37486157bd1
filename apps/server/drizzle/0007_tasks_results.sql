CREATE TABLE "floor_rollups" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"day" date NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"exploded_sites" integer DEFAULT 0 NOT NULL,
	"area_m2" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "floor_rollups_task_id_building_id_floor_day_pk" PRIMARY KEY("task_id","building_id","floor","day")
);
--> statement-breakpoint
CREATE TABLE "item_rollups" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"building_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"day" date NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"sites" integer DEFAULT 0 NOT NULL,
	"exploded_sites" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_rollups_task_id_item_code_building_id_floor_day_pk" PRIMARY KEY("task_id","item_code","building_id","floor","day")
);
--> statement-breakpoint
CREATE TABLE "result_batches" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"body_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_batches_task_id_idempotency_key_pk" PRIMARY KEY("task_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "site_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"point_index" integer NOT NULL,
	"version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_readings" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"point_index" integer NOT NULL,
	"item_code" text NOT NULL,
	"vals" double precision[] NOT NULL,
	"judged" double precision[],
	"grades" smallint[],
	"valid" boolean[] NOT NULL,
	"rulers" jsonb,
	"design_value" double precision,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_readings_task_id_point_index_item_code_pk" PRIMARY KEY("task_id","point_index","item_code")
);
--> statement-breakpoint
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
CREATE TABLE "task_sites" (
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"point_index" integer NOT NULL,
	"building_id" uuid NOT NULL,
	"building_number" text NOT NULL,
	"floor" integer NOT NULL,
	"household" integer NOT NULL,
	"room_id" text,
	"station_id" text,
	"name" text NOT NULL,
	"surface" text,
	"area_m2" double precision,
	"measured_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"device_id" uuid,
	"user_id" uuid,
	"picture_file_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"point_cloud_file_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"exploded_site" boolean DEFAULT false NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"unqualified" integer DEFAULT 0 NOT NULL,
	"exploded" integer DEFAULT 0 NOT NULL,
	"unjudged" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_sites_task_id_point_index_pk" PRIMARY KEY("task_id","point_index")
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
ALTER TABLE "floor_rollups" ADD CONSTRAINT "floor_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_rollups" ADD CONSTRAINT "floor_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_rollups" ADD CONSTRAINT "item_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_rollups" ADD CONSTRAINT "item_rollups_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_batches" ADD CONSTRAINT "result_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_batches" ADD CONSTRAINT "result_batches_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_history" ADD CONSTRAINT "site_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_history" ADD CONSTRAINT "site_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_readings" ADD CONSTRAINT "site_readings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_readings" ADD CONSTRAINT "site_readings_task_id_point_index_task_sites_task_id_point_index_fk" FOREIGN KEY ("task_id","point_index") REFERENCES "public"."task_sites"("task_id","point_index") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_building_id_project_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."project_buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_households" ADD CONSTRAINT "task_households_house_map_id_house_maps_id_fk" FOREIGN KEY ("house_map_id") REFERENCES "public"."house_maps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_building_id_project_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."project_buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sites" ADD CONSTRAINT "task_sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_surveyors" ADD CONSTRAINT "task_surveyors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_task_id_tasks_id_fk" FOREIGN KEY ("parent_task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_rollups_company_day_idx" ON "floor_rollups" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "floor_rollups_project_idx" ON "floor_rollups" USING btree ("project_id","building_id","floor");--> statement-breakpoint
CREATE INDEX "item_rollups_company_day_idx" ON "item_rollups" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "item_rollups_project_idx" ON "item_rollups" USING btree ("project_id","item_code");--> statement-breakpoint
CREATE INDEX "result_batches_created_idx" ON "result_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "site_history_site_idx" ON "site_history" USING btree ("task_id","point_index","version");--> statement-breakpoint
CREATE INDEX "site_readings_company_item_idx" ON "site_readings" USING btree ("company_id","item_code");--> statement-breakpoint
CREATE INDEX "task_households_building_idx" ON "task_households" USING btree ("building_id","floor");--> statement-breakpoint
CREATE INDEX "task_sites_place_idx" ON "task_sites" USING btree ("task_id","building_id","floor","household");--> statement-breakpoint
CREATE INDEX "task_sites_company_day_idx" ON "task_sites" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "task_surveyors_user_idx" ON "task_surveyors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_company_created_idx" ON "tasks" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_device_idx" ON "tasks" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_task_id");