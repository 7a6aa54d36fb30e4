CREATE TABLE `registry_insurers` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`www` text NOT NULL,
	`damage_www` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `registry_vehicles` (
	`plate` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`make` text NOT NULL,
	`model` text NOT NULL,
	`type` text NOT NULL,
	`vin` text NOT NULL,
	`insurer_id` integer,
	`policy_no` text,
	`policy_valid_till` text,
	FOREIGN KEY (`insurer_id`) REFERENCES `registry_insurers`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "registry_vehicles_status" CHECK("registry_vehicles"."status" in ('REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED')),
	CONSTRAINT "registry_vehicles_policy" CHECK(("registry_vehicles"."insurer_id" is null) = ("registry_vehicles"."policy_no" is null) and ("registry_vehicles"."insurer_id" is null) = ("registry_vehicles"."policy_valid_till" is null))
);
--> statement-breakpoint
CREATE INDEX `registry_vehicles_insurer` ON `registry_vehicles` (`insurer_id`);