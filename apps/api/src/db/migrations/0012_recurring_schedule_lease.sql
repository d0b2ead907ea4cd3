ALTER TABLE "recurring_donations" ADD COLUMN "schedule_lease_holder" text;--> statement-breakpoint
ALTER TABLE "recurring_donations" ADD COLUMN "schedule_lease_until" timestamp with time zone;