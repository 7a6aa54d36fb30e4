CREATE TABLE "insurer_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"insurer_id" integer NOT NULL,
	"name" text NOT NULL,
	"webhook_url" text,
	"secret_hash" text NOT NULL,
	"webhook_key_sealed" text NOT NULL,
	"created_at" bigint NOT NULL,
	"rotated_at" bigint,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "insurer_feed" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"insurer_id" integer NOT NULL,
	"declaration_id" text NOT NULL,
	"finished_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insurer_clients_created" ON "insurer_clients" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurer_feed_declaration" ON "insurer_feed" USING btree ("insurer_id","declaration_id");--> statement-breakpoint
CREATE INDEX "insurer_feed_of" ON "insurer_feed" USING btree ("declaration_id");