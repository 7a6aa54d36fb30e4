CREATE TABLE "account_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"method" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"device" text NOT NULL,
	CONSTRAINT "account_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"password_hash" text,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"email_confirmed_at" bigint,
	"password_hash" text,
	"personal_code" text,
	"first_name" text,
	"last_name" text,
	"birth_date" text,
	"lang" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_sessions" ADD CONSTRAINT "account_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sessions_account" ON "account_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_sessions_seen" ON "account_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "account_tokens_account" ON "account_tokens" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_personal_code" ON "accounts" USING btree ("personal_code");--> statement-breakpoint
CREATE INDEX "accounts_unconfirmed" ON "accounts" USING btree ("email_confirmed_at","created_at");