CREATE TABLE `declaration_changes` (
	`declaration_id` text NOT NULL,
	`version` integer NOT NULL,
	`kind` text NOT NULL,
	`by_party` text,
	PRIMARY KEY(`declaration_id`, `version`),
	FOREIGN KEY (`declaration_id`) REFERENCES `declarations`(`id`) ON UPDATE no action ON DELETE cascade
);
