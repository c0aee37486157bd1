CREATE TABLE "house_maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"map_type" text NOT NULL,
	"floor_area" numeric(10, 2) NOT NULL,
	"standard_floor" boolean DEFAULT true NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"stored_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"measure_points" jsonb,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_assignments" (
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"floor" integer NOT NULL,
	"household" integer NOT NULL,
	"house_map_id" uuid NOT NULL,
	CONSTRAINT "household_assignments_building_id_floor_household_pk" PRIMARY KEY("building_id","floor","household")
);
--> statement-breakpoint
CREATE TABLE "point_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"project_standard_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "detailed_address" text;--> statement-breakpoint
ALTER TABLE "house_maps" ADD CONSTRAINT "house_maps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_maps" ADD CONSTRAINT "house_maps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_assignments" ADD CONSTRAINT "household_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_assignments" ADD CONSTRAINT "household_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_assignments" ADD CONSTRAINT "household_assignments_building_id_project_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."project_buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_assignments" ADD CONSTRAINT "household_assignments_house_map_id_house_maps_id_fk" FOREIGN KEY ("house_map_id") REFERENCES "public"."house_maps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_types" ADD CONSTRAINT "point_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_types" ADD CONSTRAINT "point_types_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logs" ADD CONSTRAINT "project_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logs" ADD CONSTRAINT "project_logs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_logs" ADD CONSTRAINT "project_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_maps_project_name_uq" ON "house_maps" USING btree ("project_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "house_maps_stored_name_uq" ON "house_maps" USING btree ("stored_name");--> statement-breakpoint
CREATE INDEX "house_maps_company_idx" ON "house_maps" USING btree ("company_id","project_id");--> statement-breakpoint
CREATE INDEX "household_assignments_house_map_idx" ON "household_assignments" USING btree ("house_map_id");--> statement-breakpoint
CREATE INDEX "household_assignments_project_idx" ON "household_assignments" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_types_project_name_uq" ON "point_types" USING btree ("project_id","name");--> statement-breakpoint
CREATE INDEX "project_logs_project_idx" ON "project_logs" USING btree ("project_id","created_at");