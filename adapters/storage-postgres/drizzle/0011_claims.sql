CREATE TABLE "claims" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"declaration_id" text,
	"party" text,
	"state" text NOT NULL,
	"number" text,
	"plate" text DEFAULT '' NOT NULL,
	"chat_id" text,
	"data" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"submitted_at" bigint
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claims_account" ON "claims" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_queue" ON "claims" USING btree ("state","submitted_at");