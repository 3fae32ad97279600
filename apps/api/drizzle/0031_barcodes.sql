ALTER TABLE "foods" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "foods_owner_barcode_key" ON "foods" USING btree ("owner_id","barcode") WHERE "foods"."owner_id" is not null and "foods"."barcode" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "foods_shared_barcode_key" ON "foods" USING btree ("barcode") WHERE "foods"."owner_id" is null and "foods"."barcode" is not null;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_barcode_digits_check" CHECK ("foods"."barcode" ~ '^([0-9]{8}|[0-9]{12,14})$');