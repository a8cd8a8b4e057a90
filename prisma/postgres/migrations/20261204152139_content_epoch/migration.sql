-- CreateTable
CREATE TABLE "ContentEpoch" (
    "id" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "ContentEpoch_pkey" PRIMARY KEY ("id")
);

-- The content epoch (schema.prisma, ContentEpoch): bumped by every transaction that could change which
-- content explore and the content sitemap show (docs/discovery.md, "Text totals kept by the content
-- epoch"): a Content row inserted or deleted (a site's cascade too), its searchText, URL, network, type or
-- site changed, a site verified or unverified, removed or restored. Counters, scores and dates change nothing here.
-- The triggers are deferred to the commit and bump once per transaction (a transaction-local setting
-- marks it done): the row is locked only for the commit's instant and after every other lock the
-- transaction takes, so it can neither be held across a transaction's statements nor close a cycle of
-- waits, and a bulk insert rewrites it once, not once per row. It commits with the writes it counts.
-- The row starts at a random value and is made again the same way if it is ever missing, so a number a
-- process saw before never comes back meaning other data. Prisma's introspection stops at a constraint
-- trigger, so `db-new-migration --check` replays this history without them. The function body is an E'' string whose
-- statement ends are written \073: the migration runner splits this file at every semicolon.
INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, floor(random() * 1e15)::bigint);

CREATE FUNCTION "content_epoch_bump"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS E'
BEGIN
  IF current_setting(''hub.content_epoch_bumped'', true) IS DISTINCT FROM ''on'' THEN
    PERFORM set_config(''hub.content_epoch_bumped'', ''on'', true)\073
    INSERT INTO "ContentEpoch" ("id", "n") VALUES (1, floor(random() * 1e15)::bigint)
      ON CONFLICT ("id") DO UPDATE SET "n" = "ContentEpoch"."n" + 1\073
  END IF\073
  RETURN NULL\073
END';

CREATE CONSTRAINT TRIGGER "Content_epoch_insert_delete" AFTER INSERT OR DELETE ON "Content"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "content_epoch_bump"();

CREATE CONSTRAINT TRIGGER "Content_epoch_update" AFTER UPDATE OF "searchText", "url", "network", "contentType", "siteId" ON "Content"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."searchText" IS DISTINCT FROM NEW."searchText" OR OLD."url" IS DISTINCT FROM NEW."url" OR OLD."network" IS DISTINCT FROM NEW."network"
    OR OLD."contentType" IS DISTINCT FROM NEW."contentType" OR OLD."siteId" IS DISTINCT FROM NEW."siteId")
  EXECUTE FUNCTION "content_epoch_bump"();

CREATE CONSTRAINT TRIGGER "Site_epoch_update" AFTER UPDATE OF "verified", "removedAt" ON "Site"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."verified" IS DISTINCT FROM NEW."verified" OR (OLD."removedAt" IS NULL) IS DISTINCT FROM (NEW."removedAt" IS NULL))
  EXECUTE FUNCTION "content_epoch_bump"();
