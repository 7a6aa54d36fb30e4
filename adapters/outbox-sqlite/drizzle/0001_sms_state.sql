ALTER TABLE `outbox_messages` ADD `sms_state` text;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `smsc_ids` text;