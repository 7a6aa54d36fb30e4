CREATE TABLE `chat_messages` (
	`message_id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`seq` integer NOT NULL,
	`sender` text NOT NULL,
	`staff_name` text,
	`at` integer NOT NULL,
	`content` text NOT NULL,
	`files` text NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_order` ON `chat_messages` (`chat_id`,`seq`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`topic` text NOT NULL,
	`topic_search` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`last_sender` text NOT NULL,
	`abstract` text NOT NULL,
	`unread_by_user` integer NOT NULL,
	`unread_by_bureau` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chats_account` ON `chats` (`account_id`);--> statement-breakpoint
CREATE INDEX `chats_waiting` ON `chats` (`last_sender`,`last_at`);