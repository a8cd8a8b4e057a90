import "server-only";
import { Prisma } from "@/lib/generated/sqlite/client";

/**
 * The ids of the sites whose content is public — verified and not removed — as a subquery: explore's
 * filter (with `siteIdIn`, lib/explore/content-join.ts), `/.well-known/x402`'s resources, the counts of
 * content outside explore's filter.
 */
export const VISIBLE_SITE_IDS = Prisma.sql`SELECT "id" FROM "Site" WHERE "verified" = TRUE AND "removedAt" IS NULL`;
