import "server-only";
import { health } from "@/lib/hub/health";
import type { Readiness } from "@/lib/schemas/health";
import { lifecycle } from "./lifecycle";

/**
 * Whether this instance should receive traffic: the database and the chain answer and the settler
 * has started (or is turned off), and the instance is not draining. Liveness (/health) stays true
 * while the chain is down; readiness does not.
 */
export async function readiness(): Promise<Readiness> {
  const life = lifecycle();
  const draining = life.draining;
  const h = await health();
  const settler = life.part("settler") ?? "starting";
  const chain = h.chain.status;
  return { ready: !draining && h.database === "ok" && chain === "ok" && settler !== "starting", draining, database: h.database, chain, settler };
}
