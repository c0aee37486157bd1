CREATE TABLE "report_reads" (
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_reads_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_reads" ADD CONSTRAINT "report_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reads" ADD CONSTRAINT "report_reads_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reads" ADD CONSTRAINT "report_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;