import type { Db } from "@/lib/db-core";
import type { OrderedStatement } from "@/lib/db-one-trip";

/**
 * What a kept copy's check statement (lib/content/kept-sale-rows.ts, lib/facilitator/kept-facilitator-calls.ts)
 * answers now on `db`: 0 while every value the copy holds still holds, 1 once one differs or a row is gone.
 */
export async function checkAnswer(db: Db, statement: OrderedStatement): Promise<number> {
  if (!("check" in statement)) throw new Error("a kept copy's check is a check statement");
  const [answer] = await db.$queryRaw<Array<Record<string, unknown>>>(statement.check);
  return Number(Object.values(answer ?? {})[0]);
}
