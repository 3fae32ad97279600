CREATE TABLE "event_stream_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "message_photos_size_check" CHECK ("message_photos"."width" <= 1280 and "message_photos"."height" <= 1280)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainee_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"seq" bigserial NOT NULL,
	CONSTRAINT "messages_author_check" CHECK ("messages"."author_id" = "messages"."trainee_id" or "messages"."author_id" = "messages"."trainer_id"),
	CONSTRAINT "messages_body_check" CHECK (("messages"."kind" = 'text' and char_length("messages"."body") between 1 and 2000)
        or ("messages"."kind" = 'photo' and "messages"."body" = ''))
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_photos" ADD CONSTRAINT "message_photos_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_tickets_user_id_idx" ON "event_stream_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_photos_message_id_key" ON "message_photos" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_pair_seq_idx" ON "messages" USING btree ("trainee_id","trainer_id","seq");--> statement-breakpoint
CREATE INDEX "messages_unread_trainee_idx" ON "messages" USING btree ("trainee_id","trainer_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_unread_trainer_idx" ON "messages" USING btree ("trainer_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "user_events_user_id_seq_idx" ON "user_events" USING btree ("user_id","seq");