CREATE TYPE "public"."campaign_approval" AS ENUM('not_requested', 'requested', 'approved', 'declined');--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "certification_expires_on" date;--> statement-breakpoint
ALTER TABLE "associates" ADD COLUMN "seal_path" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_status" "campaign_approval" DEFAULT 'not_requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_decided_by" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_approval_decided_by_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Campaigns that went public before approvals existed count as approved (ADR 069).
UPDATE "campaigns" SET "approval_status" = 'approved' WHERE "released_at" IS NOT NULL;
