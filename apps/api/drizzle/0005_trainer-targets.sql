CREATE TABLE "target_overrides" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"energy_kcal" integer NOT NULL,
	"protein_g" integer,
	"fat_g" integer,
	"set_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "target_overrides_energy_check" CHECK ("target_overrides"."energy_kcal" between 800 and 6000),
	CONSTRAINT "target_overrides_protein_check" CHECK ("target_overrides"."protein_g" between 20 and 500),
	CONSTRAINT "target_overrides_fat_check" CHECK ("target_overrides"."fat_g" between 10 and 300)
);
--> statement-breakpoint
ALTER TABLE "target_overrides" ADD CONSTRAINT "target_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_overrides" ADD CONSTRAINT "target_overrides_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;