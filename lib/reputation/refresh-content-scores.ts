import "server-only";
import { db, isPostgres } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/sqlite/client";
import { inChunks, refreshSiteFigures, sitesWithoutFigures } from "./refresh-site-figures";
import { scoreSql } from "./score";

/** How often a refresh also looks for unscored rows whose updatedAt is older than its watermark. */
const UNSCORED_SWEEP_MS = 60_000;
// Per process: the stored scores are derived data, so a fresh process simply recomputes everything once.
let watermark: Date | undefined;
let sweptAt = 0;
let running: Promise<void> | undefined;

/**
 * Recomputes the stored reputationScore of content whose figures changed since the last refresh
 * (Prisma bumps updatedAt on every counter increment) in one UPDATE per chunk; the raw UPDATE does
 * not touch updatedAt, so a refresh never marks rows dirty again. The sums of those items' sites
 * (SiteFigures, for the sites and creators boards) are recomputed with them, and those of sites that
 * have none yet.
 */
export function refreshContentScores(): Promise<void> {
  running ??= refresh().finally(() => {
    running = undefined;
  });
  return running;
}

async function refresh() {
  const startedAt = new Date(Date.now() - 1_000); // rows written during this refresh are picked up next time
  // Rows changed since the watermark (an indexed range). Rows with no score but an older updatedAt
  // (written by another process whose commit came more than a second after its clock, or imported)
  // are looked for once a minute: that lookup walks the network's rows whenever the planner's
  // statistics predate the scores (17 ms at 100,000 items), too much for every board read.
  const network = env.NETWORK_MODE;
  const sweep = !watermark || Date.now() - sweptAt >= UNSCORED_SWEEP_MS;
  if (sweep) sweptAt = Date.now();
  // Raw: on a board read that finds nothing to do (the steady state), the model query's compilation
  // was most of the refresh's cost (issue 38 session 21).
  const wheres = !watermark
    ? [Prisma.sql`"network" = ${network}`]
    : [Prisma.sql`"network" = ${network} AND "updatedAt" > ${watermark}`, ...(sweep ? [Prisma.sql`"network" = ${network} AND "reputationScore" IS NULL`] : [])];
  const [found, unfigured] = await Promise.all([
    Promise.all(wheres.map((where) => db.$queryRaw<Array<{ id: string; siteId: string }>>`SELECT "id", "siteId" FROM "Content" WHERE ${where}`)),
    watermark ? sitesWithoutFigures() : Promise.resolve([]),
  ]);
  const dirty = [...new Set(found.flat().map((r) => r.id))];
  const sites = [...new Set([...found.flat().map((r) => r.siteId), ...unfigured])];
  const score = Prisma.raw(scoreSql());
  // PostgreSQL: the rows are locked in id order, as every writer of several Content rows takes them
  // (docs/decisions.md, one lock order); a plain UPDATE … IN walks them in whatever order its plan does, and could
  // wait for a row a views flush holds while holding the one the flush waits for.
  const lockInOrder = isPostgres();
  for (const ids of inChunks(dirty.sort())) {
    const which = lockInOrder ? Prisma.sql`SELECT "id" FROM "Content" WHERE "id" IN (${Prisma.join(ids)}) ORDER BY "id" FOR UPDATE` : Prisma.join(ids);
    await db.$executeRaw`UPDATE "Content" SET "reputationScore" = ${score} WHERE "id" IN (${which})`;
  }
  await refreshSiteFigures(watermark ? sites : "all");
  watermark = startedAt;
}
