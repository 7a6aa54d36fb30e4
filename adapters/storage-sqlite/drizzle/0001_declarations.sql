CREATE TABLE `blobs` (
	`id` text PRIMARY KEY NOT NULL,
	`declaration_id` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blobs_declaration` ON `blobs` (`declaration_id`);--> statement-breakpoint
CREATE TABLE `declaration_keys` (
	`declaration_id` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`declaration_id`, `key`),
	FOREIGN KEY (`declaration_id`) REFERENCES `declarations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `declaration_keys_key` ON `declaration_keys` (`key`);--> statement-breakpoint
CREATE TABLE `declarations` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`status` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_activity` integer NOT NULL,
	`doc` text NOT NULL,
	`slot_a_token_hash` text,
	`slot_a_last_seen` integer NOT NULL,
	`slot_b_token_hash` text,
	`slot_b_last_seen` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `declarations_activity` ON `declarations` (`status`,`last_activity`);--> statement-breakpoint
CREATE TABLE `submit_queue` (
	`declaration_id` text PRIMARY KEY NOT NULL,
	`enqueued_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`state` text NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text
);
