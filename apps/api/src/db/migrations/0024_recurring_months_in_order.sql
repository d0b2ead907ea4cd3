DROP INDEX "donations_recurring_idx";--> statement-breakpoint
CREATE INDEX "donations_recurring_idx" ON "donations" USING btree ("recurring_donation_id","id");