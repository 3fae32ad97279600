DROP INDEX "diary_entries_user_id_date_idx";--> statement-breakpoint
CREATE INDEX "diary_entries_user_id_date_kcal_idx" ON "diary_entries" USING btree ("user_id","date","kcal");