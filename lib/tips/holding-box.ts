import "server-only";
import type { Address, Hex } from "viem";
import { canonicalDomain, holdingBoxSalt, predictHoldingBox } from "@/lib/chain/predict";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

export type HoldingBox = { domain: string; salt: Hex; box: Address; factory: Address };

/** The domain's holding box: a CREATE2 address predicted off chain, usable before it has code. */
export function holdingBox(domain: string): HoldingBox {
  const factory = env.HOLDING_BOX_FACTORY_ADDRESS;
  if (!factory) throw new ApiError("chain-unavailable", "HOLDING_BOX_FACTORY_ADDRESS is not configured on this hub");
  const canonical = canonicalDomain(domain);
  return { domain: canonical, salt: holdingBoxSalt(canonical), box: predictHoldingBox({ factory, domain: canonical }), factory };
}
