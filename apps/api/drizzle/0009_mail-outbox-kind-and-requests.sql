CREATE TABLE "mail_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_requests_kind_check" CHECK ("mail_requests"."kind" in ('password_reset', 'verification_resend'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE INDEX "mail_requests_requested_at_idx" ON "mail_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "mail_requests_email_idx" ON "mail_requests" USING btree (lower("email"));