ALTER TABLE "work_orders" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "x0" double precision;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "x1" double precision;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "z0" double precision;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "z1" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "x0" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "x1" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "z0" double precision;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "z1" double precision;