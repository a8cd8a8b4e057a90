import "server-only";
import { getAddress } from "viem";
import { db } from "@/lib/db";
import { listPassSales } from "./list-pass-sales";

/** The passes sold on a creator's hosted blogs (the dashboard's list), newest first, with each blog's domain. */
export async function creatorPassSales({ wallet, limit = 50 }: { wallet: string; limit?: number }) {
  const sites = await db.site.findMany({ where: { ownerWallet: getAddress(wallet), hosted: true }, select: { id: true, domain: true } });
  const domainOf = new Map(sites.map((s) => [s.id, s.domain]));
  const sales = await listPassSales({ siteIds: sites.map((s) => s.id), limit });
  return sales.map((s) => ({ ...s, domain: domainOf.get(s.siteId) ?? "" }));
}
