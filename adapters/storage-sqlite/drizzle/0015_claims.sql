CREATE TABLE `claims` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`declaration_id` text,
	`party` text,
	`state` text NOT NULL,
	`number` text,
	`plate` text DEFAULT '' NOT NULL,
	`chat_id` text,
	`data` text NOT NULL,
	`documents` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`submitted_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claims_account` ON `claims` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_queue` ON `claims` (`state`,`submitted_at`);