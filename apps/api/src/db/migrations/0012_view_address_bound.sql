CREATE TABLE "opportunity_view_addresses" (
	"opportunity_id" integer NOT NULL,
	"day" date NOT NULL,
	"address" text NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "opportunity_view_addresses_opportunity_id_day_address_pk" PRIMARY KEY("opportunity_id","day","address")
);
--> statement-breakpoint
ALTER TABLE "opportunity_view_addresses" ADD CONSTRAINT "opportunity_view_addresses_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_view_addresses_day_idx" ON "opportunity_view_addresses" USING btree ("day");