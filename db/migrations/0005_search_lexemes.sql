DROP INDEX "servers_search_words";--> statement-breakpoint
DROP INDEX "servers_search_trgm";--> statement-breakpoint
DROP INDEX "servers_name_trgm";--> statement-breakpoint
ALTER TABLE "servers" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (array_to_tsvector(array_remove(
  regexp_split_to_array(regexp_replace(lower(left(coalesce(name, ''), 500) || ' ' || left(coalesce(url, ''), 500) || ' ' || left(publisher_name, 500) || ' ' || left(coalesce(package_name, ''), 500)), '[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', ' ', 'g'), '[^0-9a-z\u0080-\U0010ffff]+') ||
  regexp_split_to_array(regexp_replace(lower(left(coalesce(name, ''), 500) || ' ' || left(coalesce(url, ''), 500) || ' ' || left(publisher_name, 500) || ' ' || left(coalesce(package_name, ''), 500)), '[\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]', ' ', 'g'), '^[_-]+|[_-]*[^0-9a-z_\u0080-\U0010ffff-]+[_-]*|[_-]+$'),
  ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "servers_search_words" ON "servers" USING gin ("search_vector") WITH (fastupdate=false) WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_search_trgm" ON "servers" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE listed;--> statement-breakpoint
CREATE INDEX "servers_name_trgm" ON "servers" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false) WHERE listed;