CREATE TABLE `sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`name` text,
	`path` text NOT NULL,
	`lookup_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sources_token_unique` ON `sources` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `sources_path_unique` ON `sources` (`path`);--> statement-breakpoint
CREATE INDEX `sources_lookup_key` ON `sources` (`lookup_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `sources_vanity_name_unique` ON `sources` (`lookup_key`) WHERE "sources"."name" IS NOT NULL;