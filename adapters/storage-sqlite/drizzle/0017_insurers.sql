CREATE TABLE `insurer_claims` (
	`declaration_id` text NOT NULL,
	`insurer_id` integer NOT NULL,
	`claim_number` text NOT NULL,
	`contact_name` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_email` text NOT NULL,
	`client_id` text NOT NULL,
	`registered_at` integer NOT NULL,
	PRIMARY KEY(`declaration_id`, `insurer_id`)
);
--> statement-breakpoint
CREATE TABLE `insurer_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`insurer_id` integer NOT NULL,
	`name` text NOT NULL,
	`webhook_url` text,
	`secret_hash` text NOT NULL,
	`webhook_key_sealed` text NOT NULL,
	`previous_webhook_key_sealed` text,
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
CREATE INDEX `insurer_feed_of` ON `insurer_feed` (`declaration_id`);--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`delivery_id` text NOT NULL,
	`at` integer NOT NULL,
	`status` integer,
	`error` text,
	`ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_of` ON `webhook_attempts` (`delivery_id`,`seq`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`insurer_id` integer NOT NULL,
	`declaration_id` text NOT NULL,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	`last_status` integer,
	`last_error` text,
	`leased_until` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_once` ON `webhook_deliveries` (`client_id`,`declaration_id`,`event`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_of` ON `webhook_deliveries` (`declaration_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created` ON `webhook_deliveries` (`created_at`);