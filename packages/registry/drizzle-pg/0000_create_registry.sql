CREATE TABLE "access_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"hash" text NOT NULL,
	"read_only" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"name" text,
	"path" text NOT NULL,
	"lookup_key" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_name_unique" ON "access_tokens" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_hash_unique" ON "access_tokens" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_token_unique" ON "sources" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_path_unique" ON "sources" USING btree ("path");--> statement-breakpoint
CREATE INDEX "sources_lookup_key" ON "sources" USING btree ("lookup_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_vanity_name_unique" ON "sources" USING btree ("lookup_key") WHERE "sources"."name" IS NOT NULL;