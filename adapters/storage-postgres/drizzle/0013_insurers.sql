CREATE TABLE "insurer_claims" (
	"declaration_id" text NOT NULL,
	"insurer_id" integer NOT NULL,
	"claim_number" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"client_id" text NOT NULL,
	"registered_at" bigint NOT NULL,
	CONSTRAINT "insurer_claims_declaration_id_insurer_id_pk" PRIMARY KEY("declaration_id","insurer_id")
);
--> statement-breakpoint
CREATE TABLE "insurer_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"insurer_id" integer NOT NULL,
	"name" text NOT NULL,
	"webhook_url" text,
	"secret_hash" text NOT NULL,
	"webhook_key_sealed" text NOT NULL,
	"previous_webhook_key_sealed" text,
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
CREATE TABLE "webhook_attempts" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"at" bigint NOT NULL,
	"status" integer,
	"error" text,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"insurer_id" integer NOT NULL,
	"declaration_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"delivered_at" bigint,
	"last_status" integer,
	"last_error" text,
	"leased_until" bigint
);
--> statement-breakpoint
CREATE INDEX "insurer_clients_created" ON "insurer_clients" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurer_feed_declaration" ON "insurer_feed" USING btree ("insurer_id","declaration_id");--> statement-breakpoint
CREATE INDEX "insurer_feed_of" ON "insurer_feed" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_of" ON "webhook_attempts" USING btree ("delivery_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_once" ON "webhook_deliveries" USING btree ("client_id","declaration_id","event");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_of" ON "webhook_deliveries" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created" ON "webhook_deliveries" USING btree ("created_at");