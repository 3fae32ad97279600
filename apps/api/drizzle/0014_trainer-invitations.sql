CREATE TABLE "trainer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trainer_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses_left" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trainer_invitations_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "trainer_invitations_uses_check" CHECK ("trainer_invitations"."uses_left" between 0 and "trainer_invitations"."max_uses" and "trainer_invitations"."max_uses" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "trainer_invitations" ADD CONSTRAINT "trainer_invitations_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainer_invitations_trainer_id_idx" ON "trainer_invitations" USING btree ("trainer_id");