ALTER TABLE "device_files" ALTER COLUMN "device_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "device_files" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "device_files" ADD CONSTRAINT "device_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;