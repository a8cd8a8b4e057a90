import "server-only";
import { db } from "@/lib/db";

type Num = bigint | number | string | null;
const big = (v: Num) => BigInt(v ?? 0);

/** One counter whose kept value differs from a recount of the rows it counts. */
export type CounterDrift = { counter: "LedgerTotal" | "ContentCount"; key: string; kept: string; recounted: string };

/**
 * Recounts every maintained counter from the rows it stands for and lists the ones that differ: the
 * ledger's running totals (count, amount and fee per network, type and subkind, summed over their
 * shards) against the ledger, and ContentCount against Content. Reads every row: an operator's check
 * (`npm run ops -- counters`) and the tests' proof, not a request path. Empty when all agree.
 */
export async function recountCounters(): Promise<CounterDrift[]> {
  const [keptLedger, rows, keptContent, content] = await Promise.all([
    db.$queryRaw<Array<{ network: string; type: string; subkind: string; count: Num; amount: Num; fee: Num }>>`
      SELECT "network", "type", "subkind", SUM("count") AS count, SUM("amountAtomic") AS amount, SUM("protocolFeeAtomic") AS fee
      FROM "LedgerTotal" GROUP BY "network", "type", "subkind"`,
    db.$queryRaw<Array<{ network: string; type: string; subkind: string; count: Num; amount: Num; fee: Num }>>`
      SELECT "network", "type", COALESCE("subkind", '') AS subkind, COUNT(*) AS count,
        COALESCE(SUM("amountAtomic"), 0) AS amount, COALESCE(SUM("protocolFeeAtomic"), 0) AS fee
      FROM "LedgerActivity" GROUP BY "network", "type", COALESCE("subkind", '')`,
    db.$queryRaw<Array<{ network: string; siteId: string; contentType: string; n: Num }>>`SELECT "network", "siteId", "contentType", "n" FROM "ContentCount"`,
    db.$queryRaw<Array<{ network: string; siteId: string; contentType: string; n: Num }>>`
      SELECT "network", "siteId", "contentType", COUNT(*) AS n FROM "Content" GROUP BY "network", "siteId", "contentType"`,
  ]);
  const ledgerValue = (r: { count: Num; amount: Num; fee: Num }) => `${big(r.count)} rows, ${big(r.amount)} amount, ${big(r.fee)} fee`;
  return [
    ...compare("LedgerTotal", keptLedger, rows, (r) => `${r.network}:${r.type}:${r.subkind}`, ledgerValue, "0 rows, 0 amount, 0 fee"),
    ...compare("ContentCount", keptContent, content, (r) => `${r.network}:${r.siteId}:${r.contentType}`, (r) => String(big(r.n)), "0"),
  ];
}

function compare<T>(counter: CounterDrift["counter"], kept: T[], recounted: T[], key: (r: T) => string, value: (r: T) => string, zero: string): CounterDrift[] {
  const keptBy = new Map(kept.map((r) => [key(r), value(r)]));
  const recountedBy = new Map(recounted.map((r) => [key(r), value(r)]));
  const keys = [...new Set([...keptBy.keys(), ...recountedBy.keys()])].sort();
  return keys
    .map((k) => ({ counter, key: k, kept: keptBy.get(k) ?? zero, recounted: recountedBy.get(k) ?? zero }))
    .filter((d) => d.kept !== d.recounted);
}
