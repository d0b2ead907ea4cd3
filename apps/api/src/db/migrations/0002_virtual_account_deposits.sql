ALTER TYPE "public"."virtual_account_status" ADD VALUE 'short' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."virtual_account_status" ADD VALUE 'over' BEFORE 'expired';--> statement-breakpoint
ALTER TYPE "public"."virtual_account_status" ADD VALUE 'late';--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "bank_name_en" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "branch_name_en" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "account_holder_en" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "deposited_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "refund_due_amount" integer DEFAULT 0 NOT NULL;