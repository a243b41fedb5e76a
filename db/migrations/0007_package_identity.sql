-- D15: a server known only by a package is identified by its Package URL (purl).
-- Package-only rows imported before had no url; give them their purl. Only names whose
-- canonical purl SQL can write exactly are converted here (npm: an optional @scope and
-- URL-safe characters; PyPI: PEP 503 normalised); any other row (OCI, odd names) gets
-- its purl from the next `registry:import`. A purl already taken, or shared by two rows,
-- is left to the import too, which reports the clash instead of failing the migration.
WITH candidates AS (
	SELECT "id", "created_at",
		CASE
			WHEN "package_registry" = 'npm' AND "package_name" ~ '^(@[A-Za-z0-9~-][A-Za-z0-9._~-]*/)?[A-Za-z0-9~-][A-Za-z0-9._~-]*$'
				THEN 'pkg:npm/' || regexp_replace("package_name", '^@', '%40')
			WHEN "package_registry" = 'pypi' AND "package_name" ~ '^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$'
				THEN 'pkg:pypi/' || lower(regexp_replace("package_name", '[-_.]+', '-', 'g'))
		END AS "purl"
	FROM "servers"
	WHERE "url" IS NULL AND "package_name" IS NOT NULL
), ranked AS (
	SELECT "id", "purl", count(*) OVER (PARTITION BY "purl") AS "sharing"
	FROM candidates
	WHERE "purl" IS NOT NULL
)
UPDATE "servers" SET "url" = ranked."purl", "updated_at" = now()
FROM ranked
WHERE "servers"."id" = ranked."id"
	AND ranked."sharing" = 1
	AND NOT EXISTS (SELECT 1 FROM "servers" AS "taken" WHERE "taken"."url" = ranked."purl");
