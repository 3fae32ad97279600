ALTER TABLE "check_ins" DROP CONSTRAINT "check_ins_trainer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "trainer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;