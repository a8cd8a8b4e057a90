import "server-only";
import { getAddress } from "viem";
import type { z } from "zod";
import { NETWORKS } from "@/lib/chain/networks";
import { cuid } from "@/lib/crypto/cuid";
import { db, type Tx } from "@/lib/db";
import type { OrderedStatement } from "@/lib/db-one-trip";
import type { Content } from "@/lib/generated/sqlite/client";
import { env } from "@/lib/env";
import { trendIncrement } from "@/lib/explore/trend-score";
import { ApiError } from "@/lib/http/errors";
import { noteWriteBeyondCounts } from "@/lib/log/request-context";
import type { settleResponseSchema } from "@/lib/schemas/facilitator";
import { buildSearchText } from "@/lib/sites/search-text";
import { listedChanges, updateSiteItem } from "@/lib/sites/update-site-item";
import { acceptPaymentPayload } from "@/lib/x402/accept-payment-payload";
import { checkAuthorization } from "@/lib/x402/check-authorization";
import { checkPaymentState, existingPaymentRule } from "@/lib/x402/check-payment-state";
import { PaymentRejected } from "@/lib/x402/payment-rejected";
import { ReadAgain } from "@/lib/x402/read-again";
import { type FacilitatorSite, knownPage, type PageRead } from "./authenticate-facilitator";
import { agentsPricedApart, checkFacilitatedAudience } from "./check-facilitated-audience";
import { facilitatedPayment, type FacilitatedPayment, type FacilitatorRequest } from "./facilitated-payment";
import { PAGE_SEEN_EVERY_MS } from "./kept-facilitator-calls";

/**
 * x402 POST /settle for a creator's server, through the hub's one payment path: everything refusable
 * is refused first (the verify checks, run once), then the payment is recorded and, in its own
 * transaction, the Content row for the paid page is created or updated (so the sale shows in explore,
 * leaderboards and stats, attributed to the site; a refusal writes no row), and settled exactly as a
 * hub-rail payment (plain EIP-3009: the relayer settles now; Gateway: locked against the deposit for
 * the batch settler). The same payload settled again is the
 * same payment and the same answer; one whose chain write landed but whose answer was lost ends in
 * the settled answer on retry. A refusal is `{ success: false, errorReason }`.
 */
export async function settleFacilitatedPayment({
  site,
  page,
  keptCheck,
  request,
  fault,
}: {
  site: FacilitatorSite;
  /** The page's row as read with the key (authenticateFacilitator). */
  page: PageRead;
  /** The site and page came from a kept copy (lib/facilitator/kept-facilitator-calls.ts): the sale's check of it. */
  keptCheck?: OrderedStatement;
  request: FacilitatorRequest;
  /** HUB_TEST_FAULTS only (tests on a loopback testnet): the x-hub-test-fault value, as on the hub's own paid routes. */
  fault?: string | null;
}): Promise<z.input<typeof settleResponseSchema>> {
  const network = NETWORKS[env.NETWORK_MODE].caip2;
  const payer = request.paymentPayload.payload.authorization.from;
  /** Everything refusable before the sale, from the site and page as given (kept or read). */
  const decide = async () => {
    const payment = await facilitatedPayment({ site, request });
    const known = await knownPage(page, payment.key);
    checkFacilitatedAudience({ known, amount: payment.content.price });
    // A new page's Content row gets its id now, so the payment names it from the start (its identifier
    // and replays included); the row itself is written inside the payment's transaction.
    const newId = known?.id ?? cuid();
    const resource = { ...payment.resource(newId), keptCheck };
    const write = contentWrite(site, payment, known, newId);
    // A kept copy only ever skips the read that would confirm it: a page to write is written from a fresh read.
    if (keptCheck && write) throw new ReadAgain("its page's row is to be written");
    const checked = await checkAuthorization({ payload: payment.payload, resource, options: payment.options });
    return { payment, resource, write, checked, newId };
  };
  /** A refusal decided from a kept copy is decided again from a fresh read (settle-facilitator-call.ts). */
  const decidedByKeptCopy = (err: unknown): never => {
    throw keptCheck && (err instanceof PaymentRejected || err instanceof ApiError) ? new ReadAgain(`it refused the payment (${(err as Error).message})`) : err;
  };
  try {
    const { payment, resource, write, checked, newId } = await decide().catch(decidedByKeptCopy);
    let contentId = newId;
    // The verify checks but the Gateway deposit's: the sale checks that itself, under the payer's lock
    // (with the deposit index on, the nonce too: nothing of a Gateway payer is read before the sale).
    const payerState = await checkPaymentState({ checked, resource, depositCheckedBySale: true });

    // The verify checks ran once, here; settling reuses them and writes the page's row with the payment.
    const outcome = await acceptPaymentPayload({
      resource,
      payload: payment.payload,
      options: payment.options,
      checked,
      payerState,
      // A payment already held for the nonce is judged as checkPaymentState judges it, when the sale finds it.
      existingRule: existingPaymentRule(checked),
      // Nothing to write for the page (known, unchanged, seen within the minute): no `prepare`, so a
      // Gateway sale is one atomic batch of its own (lib/x402/record-paid-unlock.ts).
      prepare: write ? async (tx) => payment.resource((contentId = await write(tx))) : undefined,
      actor: "agent",
      fault: env.HUB_TEST_FAULTS ? (fault ?? undefined) : undefined,
    });
    const r = outcome.receipt;
    const settled = r.status === "settled" && r.txHash;
    return {
      success: true,
      payer: r.payer ?? payer,
      transaction: settled ? r.txHash! : (r.txHash ?? r.paymentId ?? ""),
      network,
      amount: payment.content.price.toString(),
      extra: { paymentId: r.paymentId ?? "", status: r.status as "locked" | "settling" | "settled", rail: r.rail as "gateway" | "eip3009", receiptUrl: `${env.HUB_ORIGIN}/hub/receipts/${r.paymentId}`, contentId },
    };
  } catch (err) {
    if (err instanceof PaymentRejected) return { success: false, errorReason: err.reason, errorMessage: err.details, payer, transaction: "", network };
    if (err instanceof ApiError && err.code === "payment-not-recorded") throw await withBroadcastHash(err, request);
    throw err;
  }
}

/**
 * The x402 packages' `settlement_pending` answer names the broadcast transaction: a plain
 * authorization relayed but not recorded yet carries its hash (the retry still ends in the settled answer).
 */
async function withBroadcastHash(err: ApiError, request: FacilitatorRequest): Promise<ApiError> {
  const auth = request.paymentPayload.payload.authorization;
  const row = await db.payment.findUnique({
    where: { chainId_payer_nonce: { chainId: NETWORKS[env.NETWORK_MODE].chainId, payer: getAddress(auth.from), nonce: auth.nonce.toLowerCase() } },
    select: { txHash: true },
  });
  return row?.txHash ? new ApiError(err.code, err.details, err.headers, { transaction: row.txHash }) : err;
}

/**
 * The paid page as a Content row of the site: created on its first sale, its title and price kept
 * current after. Its access policy is kept (prices per audience); when that policy prices agents
 * apart, the amount is the agent price and the list price is kept too. Only what changed is written
 * (an unchanged page's sale writes nothing but, once a minute, lastSeenAt): rewriting searchText
 * re-indexes the row's text (SQLite's FTS5 trigger) on every sale. The write, to run in the payment's
 * transaction, returning the row's id; null when there is nothing to write.
 */
function contentWrite(site: FacilitatorSite, payment: FacilitatedPayment, known: Content | null, newId: string): ((tx: Tx) => Promise<string>) | null {
  const c = payment.content;
  const now = new Date();
  const fields = {
    title: c.title,
    description: c.description,
    url: c.url,
    path: c.path,
    priceAtomic: c.price,
    recipientWallet: site.ownerWallet,
    searchText: buildSearchText({ title: c.title, description: c.description, siteName: site.name, domain: site.domain }),
  };
  if (!known) {
    return async (tx) => {
      noteWriteBeyondCounts(); // a new listed item (or its fields rewritten): kept pages are dropped too
      // A concurrent first sale of the same page may have created it meanwhile: then its id is the one.
      const row = await tx.content.upsert({
        where: { network_siteId_externalId: payment.key },
        create: { id: newId, ...payment.key, ...fields, accessPolicy: "paid", lastSeenAt: now, trendScore: trendIncrement({ created: true }) },
        update: { ...fields, lastSeenAt: now },
        select: { id: true },
      });
      return row.id;
    };
  }
  if (agentsPricedApart(known.accessPolicy)) fields.priceAtomic = known.priceAtomic;
  const { searchText, ...listed } = fields;
  const changed = listedChanges(known, listed);
  const stale = !known.lastSeenAt || now.getTime() - known.lastSeenAt.getTime() >= PAGE_SEEN_EVERY_MS;
  const changes = Object.keys(changed).length > 0 || searchText !== known.searchText;
  if (!changes && !stale) return null;
  return async (tx) => {
    if (changes) noteWriteBeyondCounts();
    await updateSiteItem(tx, known, { changed, searchText, now });
    return known.id;
  };
}
