PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_account_declarations` (
	`account_id` text NOT NULL,
	`declaration_id` text NOT NULL,
	`party` text NOT NULL,
	`token_hash` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `declaration_id`, `party`, `token_hash`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_account_declarations`("account_id", "declaration_id", "party", "token_hash", "created_at") SELECT "account_id", "declaration_id", "party", '', "created_at" FROM `account_declarations`;--> statement-breakpoint
DROP TABLE `account_declarations`;--> statement-breakpoint
ALTER TABLE `__new_account_declarations` RENAME TO `account_declarations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;