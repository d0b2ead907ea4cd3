ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sending_job_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sending_job_attempt" integer;