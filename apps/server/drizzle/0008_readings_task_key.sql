ALTER TABLE "site_readings" DROP CONSTRAINT "site_readings_task_id_point_index_task_sites_task_id_point_index_fk";
--> statement-breakpoint
ALTER TABLE "site_readings" ADD CONSTRAINT "site_readings_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;