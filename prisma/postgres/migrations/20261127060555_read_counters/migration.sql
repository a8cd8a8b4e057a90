-- CreateTable
CREATE TABLE "ContentCount" (
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContentCount_pkey" PRIMARY KEY ("network","siteId","contentType")
);

-- Content counts per network, site and type, kept by a trigger in the same transaction as every write
-- of Content (inserts, deletes, a site's cascade, a change of network, site or type), so platform stats
-- and explore totals read a few rows. Backfilled from the rows already there. lib/counters/ reads them
-- and recounts them for the ops reconcile. The function body is an E'' string whose statement ends are
-- written \073: the migration runner splits this file at every semicolon.
INSERT INTO "ContentCount" ("network", "siteId", "contentType", "n")
SELECT "network", "siteId", "contentType", COUNT(*) FROM "Content" GROUP BY "network", "siteId", "contentType";

CREATE FUNCTION "content_count_change"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    UPDATE "ContentCount" SET "n" = "n" - 1
      WHERE "network" = OLD."network" AND "siteId" = OLD."siteId" AND "contentType" = OLD."contentType"\073
  END IF\073
  IF TG_OP <> ''DELETE'' THEN
    INSERT INTO "ContentCount" ("network", "siteId", "contentType", "n") VALUES (NEW."network", NEW."siteId", NEW."contentType", 1)
      ON CONFLICT ("network", "siteId", "contentType") DO UPDATE SET "n" = "ContentCount"."n" + 1\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "Content_count_insert_delete" AFTER INSERT OR DELETE ON "Content"
  FOR EACH ROW EXECUTE FUNCTION "content_count_change"();

CREATE TRIGGER "Content_count_update" AFTER UPDATE OF "network", "siteId", "contentType" ON "Content"
  FOR EACH ROW WHEN (OLD."network" IS DISTINCT FROM NEW."network" OR OLD."siteId" IS DISTINCT FROM NEW."siteId" OR OLD."contentType" IS DISTINCT FROM NEW."contentType")
  EXECUTE FUNCTION "content_count_change"();

-- Explore's text index (docs/discovery.md): Content.searchText holds the tokens of
-- lib/explore/search-tokens.ts joined by spaces, indexed as those exact lexemes (no parser, no
-- dictionary), so matches agree with SQLite's FTS5 table. Rows written before this migration are
-- split at spaces and punctuation here once. lib/explore/text-match.ts repeats the index expression.
UPDATE "Content" SET "searchText" = btrim(regexp_replace("searchText", '[[:space:][:punct:]]+', ' ', 'g'))
  WHERE "searchText" ~ '[[:space:][:punct:]]';

CREATE INDEX "Content_searchText_fts_idx" ON "Content"
  USING GIN (array_to_tsvector(array_remove(string_to_array("searchText", ' '), '')));
