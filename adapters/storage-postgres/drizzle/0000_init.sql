CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"id" text PRIMARY KEY NOT NULL,
	"declaration_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declaration_changes" (
	"declaration_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"by_party" text,
	CONSTRAINT "declaration_changes_declaration_id_version_pk" PRIMARY KEY("declaration_id","version")
);
--> statement-breakpoint
CREATE TABLE "declaration_keys" (
	"declaration_id" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "declaration_keys_declaration_id_key_pk" PRIMARY KEY("declaration_id","key")
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"last_activity" bigint NOT NULL,
	"doc" text NOT NULL,
	"slot_a_token_hash" text,
	"slot_a_last_seen" bigint NOT NULL,
	"slot_b_token_hash" text,
	"slot_b_last_seen" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"declaration_id" text NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"attachments" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint,
	"last_error" text,
	"leased_until" bigint
);
--> statement-breakpoint
CREATE TABLE "expiring" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"message_id" text NOT NULL,
	"position" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "outbox_attachments_message_id_position_pk" PRIMARY KEY("message_id","position")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"channel" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"html" text,
	"attachments" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "outbox_messages_id_unique" UNIQUE("id"),
	CONSTRAINT "outbox_messages_channel" CHECK ("outbox_messages"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "registry_insurers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"www" text NOT NULL,
	"damage_www" text NOT NULL,
	"claims_email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_vehicles" (
	"plate" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"vin" text NOT NULL,
	"insurer_id" integer,
	"policy_no" text,
	"policy_valid_till" text,
	CONSTRAINT "registry_vehicles_status" CHECK ("registry_vehicles"."status" in ('REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED')),
	CONSTRAINT "registry_vehicles_policy" CHECK (("registry_vehicles"."insurer_id" is null) = ("registry_vehicles"."policy_no" is null) and ("registry_vehicles"."insurer_id" is null) = ("registry_vehicles"."policy_valid_till" is null))
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"statement_id" text PRIMARY KEY NOT NULL,
	"suid" text NOT NULL,
	"accident_id" text NOT NULL,
	"declaration_id" text NOT NULL,
	"party" text NOT NULL,
	"lang" text NOT NULL,
	"password_hash" text NOT NULL,
	"doc_primary" text NOT NULL,
	"doc_secondary" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "statements_suid_unique" UNIQUE("suid")
);
--> statement-breakpoint
ALTER TABLE "declaration_changes" ADD CONSTRAINT "declaration_changes_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_keys" ADD CONSTRAINT "declaration_keys_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_vehicles" ADD CONSTRAINT "registry_vehicles_insurer_id_registry_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."registry_insurers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blobs_declaration" ON "blobs" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "declaration_keys_key" ON "declaration_keys" USING btree ("key");--> statement-breakpoint
CREATE INDEX "declarations_activity" ON "declarations" USING btree ("status","last_activity");--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "deliveries_declaration" ON "deliveries" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "expiring_expires" ON "expiring" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created" ON "outbox_messages" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "registry_vehicles_insurer" ON "registry_vehicles" USING btree ("insurer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_party" ON "statements" USING btree ("declaration_id","party");--> statement-breakpoint
CREATE INDEX "statements_accident" ON "statements" USING btree ("accident_id");