-- CreateTable
CREATE TABLE "ContentEpoch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "n" BIGINT NOT NULL
);

-- The content epoch (schema.prisma, ContentEpoch): bumped in the same transaction as every write that
-- could change which content explore and the content sitemap show (docs/discovery.md, "Text totals kept
-- by the content epoch"): a Content row inserted or deleted (a site's cascade too), its searchText, URL,
-- network, type or site changed, a site verified or unverified, removed or restored. Counters, scores and dates change nothing here.
-- The row starts at a random value and is made again the same way if it is ever missing, so a number a
-- process saw before never comes back meaning other data.
INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, abs(random() % 1000000000000000));

CREATE TRIGGER "Content_epoch_insert" AFTER INSERT ON "Content" BEGIN
  INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, abs(random() % 1000000000000000)) ON CONFLICT ("id") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Content_epoch_delete" AFTER DELETE ON "Content" BEGIN
  INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, abs(random() % 1000000000000000)) ON CONFLICT ("id") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Content_epoch_update" AFTER UPDATE OF "searchText", "url", "network", "contentType", "siteId" ON "Content"
  WHEN old."searchText" IS NOT new."searchText" OR old."url" IS NOT new."url" OR old."network" IS NOT new."network" OR old."contentType" IS NOT new."contentType"
    OR old."siteId" IS NOT new."siteId" BEGIN
  INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, abs(random() % 1000000000000000)) ON CONFLICT ("id") DO UPDATE SET "n" = "n" + 1;
END;

CREATE TRIGGER "Site_epoch_update" AFTER UPDATE OF "verified", "removedAt" ON "Site"
  WHEN old."verified" IS NOT new."verified" OR (old."removedAt" IS NULL) IS NOT (new."removedAt" IS NULL) BEGIN
  INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, abs(random() % 1000000000000000)) ON CONFLICT ("id") DO UPDATE SET "n" = "n" + 1;
END;
