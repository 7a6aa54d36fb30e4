ALTER TABLE `deliveries` ADD `leased_until` integer;--> statement-breakpoint
ALTER TABLE `submit_queue` ADD `leased_until` integer;