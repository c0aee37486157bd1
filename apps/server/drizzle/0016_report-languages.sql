ALTER TABLE "report_downloads" ADD COLUMN "language" text DEFAULT 'zh-CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pdf_name_en" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "xlsx_name_en" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pdf_sha256_en" text;