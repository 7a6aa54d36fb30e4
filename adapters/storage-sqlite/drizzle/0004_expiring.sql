CREATE TABLE `expiring` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `expiring_expires` ON `expiring` (`expires_at`);