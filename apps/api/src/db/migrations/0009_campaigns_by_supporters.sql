ALTER TABLE "campaigns" ADD COLUMN "story_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "story_html_en" text;--> statement-breakpoint
ALTER TABLE "donation_messages" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "donation_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_messages" ADD COLUMN "hidden_at" timestamp with time zone;