-- A ticket is good for a minute: those asked for before it named its session are refused.
DELETE FROM "event_stream_tickets";--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD COLUMN "family_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "event_stream_tickets" ADD CONSTRAINT "event_stream_tickets_family_id_session_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_tickets_family_id_idx" ON "event_stream_tickets" USING btree ("family_id");