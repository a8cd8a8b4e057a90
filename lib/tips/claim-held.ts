import "server-only";
import { getAddress, isAddressEqual, type Address, type Hex } from "viem";
import { NETWORKS } from "@/lib/chain/networks";
import { canonicalDomain } from "@/lib/chain/predict";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { usdcNumber } from "@/lib/money";
import { awaitBoxCall, submitBoxCall } from "./box-call";
import { claimTokenMessage } from "./claim-token-message";
import { HELD_FEE_BPS } from "./fees";
import { finalizeRelease } from "./finalize-release";
import { holdingBox } from "./holding-box";
import { pendingSettlement } from "./pending-settlement";
import { reconcileBox } from "./reconcile-box";
import { verifyWalletSignature } from "@/lib/auth/verify-wallet-signature";
import { voidFailedHolds } from "./void-failed-holds";
import { withDomainLock } from "./with-domain-lock";
import { isSiteSecret } from "@/lib/sites/site-secret";

export type ClaimInput = {
  siteId: string;
  /** The site's secret; may be left out when `sessionWallet` is one of the site's owner wallets. */
  token?: string;
  /** The signed-in wallet, when the request carries a session (the dashboard's Claim button). */
  sessionWallet?: string | null;
  creatorWallet?: Address;
  claimToken?: { message: string; signature: Hex };
};

/**
 * POST /hub/tips/claim. The site's secret (or the signed-in session of one of its owner wallets) proves
 * ownership; the domain is bound to one wallet at
 * its first claim (another wallet later gets 409). Under the domain's lock, every held tip of the
 * domain is marked 'releasing' (guarded, so a racing claim cannot take them too), then ONE
 * HoldingBoxFactory.release pays the box's balance: 5% to the treasury, the rest to the creator. Rows
 * become released only after that transaction succeeded; on a revert they go back to held (502).
 */
export async function claimHeld(input: ClaimInput) {
  const site = await db.site.findUnique({ where: { id: input.siteId }, include: { ownerWallets: { where: { role: "owner" } } } });
  if (input.token === undefined && !input.sessionWallet) {
    throw new ApiError("invalid-request", "token: required (the site's secret, sk_…), unless you are signed in as the site's owner");
  }
  const proven = !!site && (input.token !== undefined ? isSiteSecret(site, input.token) : ownsSite(site, input.sessionWallet!));
  if (!site || !proven) throw new ApiError("forbidden", "Invalid site credentials (siteId and token)");
  if (!site.verified || site.removedAt) throw new ApiError("forbidden", `${site.domain} is not a verified site; verify it before claiming its tips`);

  const domain = canonicalDomain(site.domain);
  const owner = getAddress(site.ownerWallet);
  const creator = input.creatorWallet ? getAddress(input.creatorWallet) : owner;
  const chainId = NETWORKS[env.NETWORK_MODE].chainId;
  if (!isAddressEqual(creator, owner)) {
    const expected = claimTokenMessage({ domain, siteId: site.id, payTo: creator, chainId });
    if (!input.claimToken) throw new ApiError("forbidden", `Claiming to ${creator}, which is not the site's owner wallet, needs a claimToken signed by ${owner} over:\n${expected}`);
    if (input.claimToken.message !== expected) throw new ApiError("forbidden", `claimToken.message must be exactly:\n${expected}`);
    if (!(await verifyWalletSignature(owner, expected, input.claimToken.signature as Hex))) {
      throw new ApiError("forbidden", `claimToken.signature is not ${owner}'s signature of the claim-token message`);
    }
  }
  const treasury = env.TREASURY_ADDRESS;
  if (!treasury) throw new ApiError("chain-unavailable", "TREASURY_ADDRESS is not configured on this hub");
  const { box, salt, factory } = holdingBox(domain);

  return withDomainLock(domain, async () => {
    await bindDomain(domain, creator, site.id);
    await reconcileBox({ domain, factory, box });

    const rows = await db.tip.findMany({
      where: { network: env.NETWORK_MODE, domain, status: "held" },
      select: { id: true, rail: true, paymentId: true },
    });
    const { pending, failed } = await pendingSettlement(rows);
    if (pending.size) {
      throw new ApiError("pending-settlement", `${pending.size} held tip(s) for ${domain} were paid over the gateway rail and are still settling into the box; retry shortly`);
    }
    await voidFailedHolds(failed);
    const ids = rows.map((r) => r.id).filter((id) => !failed.has(id));
    if (!ids.length) return { success: true as const, released: [] as string[], pending: 0 };

    await db.$transaction(async (tx) => {
      const marked = await tx.tip.updateMany({ where: { id: { in: ids }, status: "held" }, data: { status: "releasing", releaseTx: null } });
      if (marked.count !== ids.length) throw new ApiError("conflict", `Held tips for ${domain} changed during the claim; retry`);
    });
    const backToHeld = () => db.tip.updateMany({ where: { id: { in: ids }, status: "releasing" }, data: { status: "held", releaseTx: null } });

    let hash: Hex;
    try {
      hash = await submitBoxCall(factory, { functionName: "release", args: [salt, creator, treasury, BigInt(HELD_FEE_BPS)] });
    } catch (err) {
      await backToHeld();
      throw err;
    }
    // Remember the broadcast tx: if its receipt never arrives, the next claim reconciles from it.
    await db.tip.updateMany({ where: { id: { in: ids }, status: "releasing" }, data: { releaseTx: hash } });
    const receipt = await awaitBoxCall(hash);
    if (!receipt) throw new ApiError("bad-gateway", `Release ${hash} was sent but not confirmed in time; the tips stay 'releasing' until it is (claim again to reconcile)`);
    if (receipt.status !== "success") {
      await backToHeld();
      throw new ApiError("bad-gateway", `Release ${hash} reverted on chain; every tip stays held`);
    }

    const done = await finalizeRelease({ tipIds: ids, receipt, factory, box });
    return {
      success: true as const,
      releaseTx: done.releaseTx,
      feeBps: done.feeBps,
      protocolFee: usdcNumber(done.feeAmount),
      amount: usdcNumber(done.creatorAmount + done.feeAmount),
      creatorAmount: usdcNumber(done.creatorAmount),
      creatorWallet: done.creator,
      box,
      domain,
      released: done.tipIds,
      pending: 0,
    };
  });
}

/** Binds the domain to `wallet` at its first claim; a different wallet later is refused (manual review). */
async function bindDomain(domain: string, wallet: Address, siteId: string) {
  let binding = await db.domainClaimBinding.findUnique({ where: { domain } });
  if (!binding) {
    try {
      binding = await db.domainClaimBinding.create({ data: { domain, wallet, siteId } });
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002") throw err;
      binding = await db.domainClaimBinding.findUniqueOrThrow({ where: { domain } });
    }
  }
  if (!isAddressEqual(binding.wallet as Address, wallet)) {
    throw new ApiError("domain-claimed-by-other-wallet", `${domain} is already bound to another wallet for tip claims; a change of wallet needs manual review`);
  }
}

function ownsSite(site: { ownerWallet: string; ownerWallets: { wallet: string }[] }, wallet: string): boolean {
  return site.ownerWallet === wallet || site.ownerWallets.some((w) => w.wallet === wallet);
}
