-- CreateTable
CREATE TABLE "SiteFigures" (
    "network" TEXT NOT NULL,
    "siteId" TEXT NOT NULL,
    "contentCount" INTEGER NOT NULL DEFAULT 0,
    "ratingsCount" BIGINT NOT NULL DEFAULT 0,
    "ratingSum" BIGINT NOT NULL DEFAULT 0,
    "unlocks" BIGINT NOT NULL DEFAULT 0,
    "views" BIGINT NOT NULL DEFAULT 0,
    "revenueAtomic" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("network", "siteId"),
    CONSTRAINT "SiteFigures_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SiteFigures_siteId_idx" ON "SiteFigures"("siteId");
