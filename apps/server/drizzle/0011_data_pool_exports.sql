CREATE TABLE "data_pool_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"project_scope" text NOT NULL,
	"filter" jsonb NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"error" text,
	"stored_name" text,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_pool_exports" ADD CONSTRAINT "data_pool_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_pool_exports" ADD CONSTRAINT "data_pool_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_pool_exports_user_idx" ON "data_pool_exports" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "data_pool_exports_expires_idx" ON "data_pool_exports" USING btree ("expires_at");