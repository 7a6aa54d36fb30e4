CREATE TABLE `deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`declaration_id` text NOT NULL,
	`key` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`html` text,
	`attachments` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `deliveries_due` ON `deliveries` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `deliveries_declaration` ON `deliveries` (`declaration_id`);--> statement-breakpoint
CREATE TABLE `statements` (
	`statement_id` text PRIMARY KEY NOT NULL,
	`suid` text NOT NULL,
	`accident_id` text NOT NULL,
	`declaration_id` text NOT NULL,
	`party` text NOT NULL,
	`lang` text NOT NULL,
	`password_hash` text NOT NULL,
	`doc_primary` text NOT NULL,
	`doc_secondary` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statements_suid_unique` ON `statements` (`suid`);--> statement-breakpoint
CREATE UNIQUE INDEX `statements_party` ON `statements` (`declaration_id`,`party`);--> statement-breakpoint
CREATE INDEX `statements_accident` ON `statements` (`accident_id`);