CREATE TABLE "trainer_links" (
	"trainee_id" uuid PRIMARY KEY NOT NULL,
	"trainer_id" uuid NOT NULL,
	"diary" boolean DEFAULT false NOT NULL,
	"training" boolean DEFAULT false NOT NULL,
	"body" boolean DEFAULT false NOT NULL,
	"check_ins" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trainer_links" ADD CONSTRAINT "trainer_links_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_links" ADD CONSTRAINT "trainer_links_trainer_id_users_id_fk" FOREIGN KEY ("trainer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trainer_links_trainer_id_idx" ON "trainer_links" USING btree ("trainer_id");