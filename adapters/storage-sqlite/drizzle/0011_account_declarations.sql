CREATE TABLE `account_declarations` (
	`account_id` text NOT NULL,
	`declaration_id` text NOT NULL,
	`party` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `declaration_id`, `party`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
