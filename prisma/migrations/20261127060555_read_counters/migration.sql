-- CreateTable
CREATE TABLE "ContentCount" (
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("network", "siteId", "contentType")
);

-- Content counts per network, site and type, kept by triggers in the same transaction as every write
-- of Content (inserts, deletes, a site's cascade, a change of network, site or type), so platform stats
-- and explore totals read a few rows. Backfilled from the rows already there. lib/counters/ reads them
-- and recounts them for the ops reconcile.
INSERT INTO "ContentCount" ("network", "siteId", "contentType", "n")
SELECT "network", "siteId", "contentType", COUNT(*) FROM "Content" GROUP BY "network", "siteId", "contentType";

CREATE TRIGGER "Content_count_insert" AFTER INSERT ON "Content" BEGIN
  INSERT INTO "ContentCount" ("network", "siteId", "contentType", "n") VALUES (new."network", new."siteId", new."contentType", 1)
    ON CONFLICT ("network", "siteId", "contentType") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Content_count_delete" AFTER DELETE ON "Content" BEGIN
  UPDATE "ContentCount" SET "n" = "n" - 1
    WHERE "network" = old."network" AND "siteId" = old."siteId" AND "contentType" = old."contentType";
END;

CREATE TRIGGER "Content_count_update" AFTER UPDATE OF "network", "siteId", "contentType" ON "Content"
  WHEN old."network" IS NOT new."network" OR old."siteId" IS NOT new."siteId" OR old."contentType" IS NOT new."contentType" BEGIN
  UPDATE "ContentCount" SET "n" = "n" - 1
    WHERE "network" = old."network" AND "siteId" = old."siteId" AND "contentType" = old."contentType";
  INSERT INTO "ContentCount" ("network", "siteId", "contentType", "n") VALUES (new."network", new."siteId", new."contentType", 1)
    ON CONFLICT ("network", "siteId", "contentType") DO UPDATE SET "n" = "n" + 1;
END;

-- Explore's text index (docs/discovery.md): an FTS5 table over Content.searchText (external content,
-- keyed by Content's rowid), kept in step by triggers. unicode61 without diacritic folding splits the
-- stored tokens exactly where lib/explore/search-tokens.ts does, so matches agree with PostgreSQL's.
-- A later migration that redefines Content (new table, copy, rename) must recreate these triggers and
-- rebuild the index: INSERT INTO "ContentSearch"("ContentSearch") VALUES ('rebuild').
CREATE VIRTUAL TABLE "ContentSearch" USING fts5(
  "searchText", content = 'Content', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO "ContentSearch"("ContentSearch") VALUES ('rebuild');

CREATE TRIGGER "Content_search_insert" AFTER INSERT ON "Content" BEGIN
  INSERT INTO "ContentSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;

CREATE TRIGGER "Content_search_delete" AFTER DELETE ON "Content" BEGIN
  INSERT INTO "ContentSearch"("ContentSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
END;

CREATE TRIGGER "Content_search_update" AFTER UPDATE OF "searchText" ON "Content" BEGIN
  INSERT INTO "ContentSearch"("ContentSearch", rowid, "searchText") VALUES ('delete', old.rowid, old."searchText");
  INSERT INTO "ContentSearch"(rowid, "searchText") VALUES (new.rowid, new."searchText");
END;
