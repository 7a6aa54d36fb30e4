ALTER TABLE "account_declarations" ADD COLUMN "token_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_declarations" DROP CONSTRAINT "account_declarations_account_id_declaration_id_party_pk";--> statement-breakpoint
ALTER TABLE "account_declarations" ADD CONSTRAINT "account_declarations_account_id_declaration_id_party_token_hash_pk" PRIMARY KEY("account_id","declaration_id","party","token_hash");
