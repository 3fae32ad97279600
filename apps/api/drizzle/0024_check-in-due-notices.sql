CREATE TABLE "check_in_due_notices" (
	"trainee_id" uuid PRIMARY KEY NOT NULL,
	"week" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_due_notices" ADD CONSTRAINT "check_in_due_notices_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;