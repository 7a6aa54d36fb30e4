CREATE TABLE "bureau_accidents" (
	"personal_code" text NOT NULL,
	"id" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "bureau_accidents_personal_code_id_pk" PRIMARY KEY("personal_code","id")
);
--> statement-breakpoint
CREATE TABLE "bureau_debts" (
	"personal_code" text NOT NULL,
	"id" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "bureau_debts_personal_code_id_pk" PRIMARY KEY("personal_code","id")
);
--> statement-breakpoint
CREATE TABLE "bureau_documents" (
	"personal_code" text NOT NULL,
	"no" text NOT NULL,
	"valid_till" text NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "bureau_documents_personal_code_no_pk" PRIMARY KEY("personal_code","no")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notifications" jsonb;--> statement-breakpoint
CREATE INDEX "bureau_documents_till" ON "bureau_documents" USING btree ("valid_till");