CREATE TABLE "account_declarations" (
	"account_id" text NOT NULL,
	"declaration_id" text NOT NULL,
	"party" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "account_declarations_account_id_declaration_id_party_pk" PRIMARY KEY("account_id","declaration_id","party")
);
--> statement-breakpoint
ALTER TABLE "account_declarations" ADD CONSTRAINT "account_declarations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;