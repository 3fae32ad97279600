CREATE TABLE "recipe_ingredients" (
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"food_id" uuid NOT NULL,
	"grams" double precision NOT NULL,
	CONSTRAINT "recipe_ingredients_recipe_id_position_pk" PRIMARY KEY("recipe_id","position"),
	CONSTRAINT "recipe_ingredients_position_check" CHECK ("recipe_ingredients"."position" between 0 and 49),
	CONSTRAINT "recipe_ingredients_grams_check" CHECK ("recipe_ingredients"."grams" > 0 and "recipe_ingredients"."grams" <= 5000),
	CONSTRAINT "recipe_ingredients_not_itself_check" CHECK ("recipe_ingredients"."food_id" <> "recipe_ingredients"."recipe_id")
);
--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "is_recipe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "servings" integer;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "cooked_weight_g" double precision;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_foods_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_ingredients_food_id_idx" ON "recipe_ingredients" USING btree ("food_id");--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_recipe_owner_check" CHECK (not "foods"."is_recipe" or "foods"."owner_id" is not null);--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_servings_check" CHECK ("foods"."servings" between 1 and 100);--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_cooked_weight_check" CHECK ("foods"."cooked_weight_g" > 0);