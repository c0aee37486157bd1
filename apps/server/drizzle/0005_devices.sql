CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_number" text NOT NULL,
	"device_type" text DEFAULT 'robot' NOT NULL,
	"product_serial_number" text,
	"machine_model" text,
	"mac_address" text,
	"customer_company_name" text,
	"customer_contact" text,
	"customer_phone_number" text,
	"device_date_of_production" date NOT NULL,
	"device_expire" smallint,
	"device_software_version" text,
	"scanner_number" text,
	"scanner_type" text DEFAULT '1' NOT NULL,
	"scanner_date_of_production" date,
	"scanner_expire" smallint,
	"scanner_firmware_version" text,
	"computer_number" text,
	"computer_type" text,
	"computer_date_of_production" date,
	"computer_expire" smallint,
	"computer_system_version" text,
	"tripod_type" text,
	"tripod_expire" smallint,
	"encrypted_dog_number" text,
	"encrypted_dog_type" text,
	"device_user_id" uuid,
	"is_active" boolean DEFAULT false NOT NULL,
	"active_date" timestamp with time zone,
	"active_user_id" uuid,
	"key_hash" text,
	"last_seen_at" timestamp with time zone,
	"health" jsonb,
	"battery" double precision,
	"disk_free_mb" double precision,
	"reported_version" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_device_user_id_users_id_fk" FOREIGN KEY ("device_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_active_user_id_users_id_fk" FOREIGN KEY ("active_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_company_number_uq" ON "devices" USING btree ("company_id",lower("device_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "devices_key_hash_uq" ON "devices" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "devices_company_user_idx" ON "devices" USING btree ("company_id","device_user_id");