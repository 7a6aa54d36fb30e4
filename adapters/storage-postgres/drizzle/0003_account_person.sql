ALTER TABLE "accounts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "address" jsonb;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "licence" text;