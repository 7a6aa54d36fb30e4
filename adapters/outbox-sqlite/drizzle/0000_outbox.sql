CREATE TABLE `outbox_attachments` (
	`message_id` text NOT NULL,
	`position` integer NOT NULL,
	`content` blob NOT NULL,
	PRIMARY KEY(`message_id`, `position`),
	FOREIGN KEY (`message_id`) REFERENCES `outbox_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`channel` text NOT NULL,
	`recipients` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`html` text,
	`attachments` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "outbox_messages_channel" CHECK("outbox_messages"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_id_unique` ON `outbox_messages` (`id`);--> statement-breakpoint
CREATE INDEX `outbox_messages_created` ON `outbox_messages` (`created_at`,`seq`);