CREATE TABLE "chat_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sender" text NOT NULL,
	"staff_name" text,
	"at" bigint NOT NULL,
	"content" text NOT NULL,
	"files" jsonb NOT NULL,
	"read_at" bigint
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"topic" text NOT NULL,
	"topic_search" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	"last_sender" text NOT NULL,
	"abstract" text NOT NULL,
	"unread_by_user" integer NOT NULL,
	"unread_by_bureau" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_order" ON "chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "chats_account" ON "chats" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "chats_waiting" ON "chats" USING btree ("last_sender","last_at");