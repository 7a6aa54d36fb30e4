CREATE TABLE `insurer_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`insurer_id` integer NOT NULL,
	`name` text NOT NULL,
	`webhook_url` text,
	`secret_hash` text NOT NULL,
	`webhook_key_sealed` text NOT NULL,
	`created_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE TABLE `insurer_feed` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`insurer_id` integer NOT NULL,
	`declaration_id` text NOT NULL,
	`finished_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `insurer_feed_declaration` ON `insurer_feed` (`insurer_id`,`declaration_id`);--> statement-breakpoint
CREATE INDEX `insurer_feed_of` ON `insurer_feed` (`declaration_id`);