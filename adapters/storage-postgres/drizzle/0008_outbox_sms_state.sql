ALTER TABLE "outbox_messages" ADD COLUMN "sms_state" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "smsc_ids" text;