CREATE TABLE `bureau_accidents` (
	`personal_code` text NOT NULL,
	`id` text NOT NULL,
	`record` text NOT NULL,
	PRIMARY KEY(`personal_code`, `id`)
);
--> statement-breakpoint
CREATE TABLE `bureau_debts` (
	`personal_code` text NOT NULL,
	`id` text NOT NULL,
	`record` text NOT NULL,
	PRIMARY KEY(`personal_code`, `id`)
);
--> statement-breakpoint
CREATE TABLE `bureau_documents` (
	`personal_code` text NOT NULL,
	`no` text NOT NULL,
	`valid_till` text NOT NULL,
	`record` text NOT NULL,
	PRIMARY KEY(`personal_code`, `no`)
);
--> statement-breakpoint
CREATE INDEX `bureau_documents_till` ON `bureau_documents` (`valid_till`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `notifications` text;