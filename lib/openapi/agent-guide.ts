import { NETWORKS } from "@/lib/chain/networks";

/*
 * The one source of the agent guides (/.well-known/llms.txt and llms-full.txt). Every line that
 * names a route carries it as `route`, and is published only when the OpenAPI document describes
 * that route; a section whose `requires` routes are not all in the document is left out whole. So
 * the guides only ever point at routes this hub serves, and grow by themselves as parts land.
 */

export type RouteRef = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /${string}`;

export type GuideContext = {
  origin: string;
  network: "testnet" | "mainnet";
  caip2: string;
  chainId: number;
  usdc: string;
  gatewayWallet: string;
  version: string;
};

export type GuideItem = { route?: RouteRef; text: string };

export type GuideSection = {
  title: string;
  /** Published only when the document has all of these. */
  requires?: RouteRef[];
  intro?: string;
  items?: GuideItem[];
  /** Extra text for llms-full.txt only (worked examples, details). */
  full?: string;
};

export function guideContext(options: { origin: string; network: "testnet" | "mainnet"; usdc: string; gatewayWallet: string; version: string }): GuideContext {
  const n = NETWORKS[options.network];
  return { ...options, caip2: n.caip2, chainId: n.chainId };
}

export function guideSections(c: GuideContext): GuideSection[] {
  return [
    {
      title: "Start here",
      intro:
        `No account or API key is needed to discover, pay or rate: an HTTP client, a signer for EIP-712 typed data and a USDC balance on ${c.caip2} (chain id ${c.chainId}) are enough. ` +
        "Every route also answers under the legacy /api prefix. Errors are JSON `{ error, details, code }`; `details` names every failing field.",
      items: [
        { route: "GET /api/openapi.json", text: `[OpenAPI 3.1.0 document](${c.origin}/api/openapi.json): every route, request, response and error (version ${c.version})` },
        { route: "GET /.well-known/llms-full.txt", text: `[llms-full.txt](${c.origin}/.well-known/llms-full.txt): this guide with worked examples and the full API reference generated from the OpenAPI document` },
        { route: "GET /.well-known/mcp.json", text: `[MCP server card](${c.origin}/.well-known/mcp.json): the MCP server at POST ${c.origin}/mcp and its tools` },
        { route: "GET /health", text: "GET /health: the network, chain id and USDC token this hub uses; check it before you sign anything" },
      ],
    },
    {
      title: "Discover content",
      items: [
        { route: "GET /.well-known/x402", text: "GET /.well-known/x402: live paid resource URLs (hosted blog posts' pages among them) and the declared payment info (x402, USDC, 0.01 to 1.00; rails eip3009, gateway, transfer); the 402 challenge you get at pay time is authoritative" },
        { route: "GET /hub/explore/content", text: "GET /hub/explore/content: the explore feed; query q (free text), type (article, music, video, image, document, all), sort (trending, best-sellers, hot-new), limit 1..500, skip or cursor (the previous page's nextCursor). Each paid card's `x402` says how to buy it: `{ resource, method, body }` is the request that answers the 402 (POST /hub/pay with `{ contentId }` for creator-site content, GET of the card's url for a hosted post); a card's `url` is where the item is read, not always the paid resource" },
        { route: "GET /hub/sitemap/content", text: "GET /hub/sitemap/content: every verified content URL with its update time" },
        { route: "GET /explore/feed.xml", text: "GET /explore/feed.xml (RSS), /explore/atom.xml, /explore/feed.json: the newest verified content as a feed; each hosted blog has /feed.xml, /atom.xml and /feed.json on its own origin (paid posts: teaser and price only)" },
        { route: "GET /hub/reputation/leaderboards", text: "GET /hub/reputation/leaderboards: top creators, sites or content (type), limit 1..50" },
        { route: "GET /hub/resolve", text: "GET /hub/resolve?url=…: who gets paid for a URL (the article's own wallet, else the verified domain owner)" },
        { route: "GET /hub/stats", text: "GET /hub/stats: platform totals (creators, content, unlocks, revenue, tips, quickshares)" },
        { route: "GET /hub/ledger", text: "GET /hub/ledger: the public activity ledger (views, unlocks, payments, ratings, tips, quickshare), newest first" },
      ],
    },
    {
      title: "Pay over x402",
      requires: ["POST /hub/pay"],
      intro:
        "POST /hub/pay with `{ contentId }` (an explore card's id) and no payment answers 402 with a base64 JSON challenge in the PAYMENT-REQUIRED header (x402Version 2). " +
        "Pay it and repeat the same request with your credentials; success is 200 with the receipt (and a PAYMENT-RESPONSE header). Send `x-svc-actor: agent` to say you are an agent. " +
        "A replay of the same credentials returns the first result and never pays twice. " +
        "A hosted blog post is sold as the post itself, whether named by its card's id, its externalId post:<postId> (invite-only posts too; add `wallet` to be quoted an invited or whitelisted wallet's price) or its page URL: the 200 is `{ kind: \"post\", payment, receiptUrl, unlockProof, accessUrl, pageUrl, post }`, and a wallet that owns it already is charged nothing (`payment: null`). " +
        "Or GET the post's page URL (the card's url) as an agent: it answers the post's own 402. " +
        "A hosted blog may sell a pass (one price for a number of days): GET <blog origin>/api/svc/pass answers its 402 (or POST /hub/pay with `{ url: \"<blog origin>/api/svc/pass\" }`); its 200 carries an unlockProof that reads every paid public post of that blog until the pass ends (x-svc-payment-proof), and buying again extends it. " +
        "Every 402 is Cache-Control: no-store; when you sent a payment, the challenge's `error` (and the body's `reason`) says why it was refused.",
      items: [
        {
          route: "POST /hub/pay",
          text: `accepts[0], a plain EIP-3009 authorization: scheme exact, asset USDC (${c.usdc}), extra = the token's own EIP-712 name and version. Sign it and retry with the Payment-Signature header; the hub's relayer settles it at once and you pay no gas. Stock x402 clients pick this item.`,
        },
        {
          route: "POST /hub/pay",
          text: `accepts[1], the gateway rail: extra.name "GatewayWalletBatched", verifyingContract the Gateway Wallet (${c.gatewayWallet}). Deposit USDC there once, then every payment is a signature against your deposit (no gas), settled in batches. Circle's x402-batching client picks this item.`,
        },
        {
          route: "POST /hub/pay",
          text: "the transfer rail: send `paymentRail: \"transfer\"`, broadcast a USDC transfer of at least the price to payTo, and retry with x-svc-transfer-tx (the transaction hash) and x-svc-tx-owner (your EIP-191 signature binding the hash to this resource; the exact message is in the OpenAPI description of POST /hub/pay). A hash pays for one content id only.",
        },
        { route: "POST /hub/preflight", text: "POST /hub/preflight: a free, read-only check (price, funds, recipient) before you pay" },
        {
          route: "POST /hub/pay",
          text: "safe retries: put a payment identifier in the payload (x402 `payment-identifier` extension, 16–128 of A-Za-z0-9_-; recipe in llms-full.txt). The same identifier with the same payment answers the first result; with a re-signed payment it is 409 payment-identifier-reused carrying the first payment's `paymentId` and `receiptUrl`",
        },
        { route: "GET /hub/receipts/{paymentId}", text: "GET /hub/receipts/{paymentId}: the signed receipt of a payment; its payload's resourceUrl is the challenge's resource.url (for creator-site content the card's url, for a hosted post the post's access URL)" },
      ],
      full: [
        "Worked example with the official x402 client (`@x402/fetch`, `@x402/evm`) on the plain EIP-3009 item:",
        "",
        "```ts",
        'import { wrapFetchWithPayment, x402Client } from "@x402/fetch";',
        'import { ExactEvmScheme } from "@x402/evm/exact/client";',
        'import { privateKeyToAccount } from "viem/accounts";',
        "",
        "const account = privateKeyToAccount(process.env.PAYER_KEY);",
        "const client = new x402Client()",
        `  .register("${c.caip2}", new ExactEvmScheme(account))`,
        `  .setSpendControls({ allowedAssets: [{ network: "${c.caip2}", asset: "${c.usdc}", maxAmountPerPayment: "1000000" }] });`,
        "const payFetch = wrapFetchWithPayment(fetch, client);",
        `const res = await payFetch("${c.origin}/hub/pay", {`,
        '  method: "POST",',
        '  headers: { "content-type": "application/json", "x-svc-actor": "agent" },',
        '  body: JSON.stringify({ contentId: "<id from the explore feed>" }),',
        "});",
        "const { payment } = await res.json(); // the receipt: rail, status, txHash, amount, payer, …",
        "```",
        "",
        "A hosted post from its card, as it is (the page answers agents with the post's 402):",
        "",
        "```ts",
        "const post = await (await payFetch(card.url)).json(); // { content, unlockProof, access, payment, … }",
        "```",
        "",
        "A payment identifier with the stock client, for retries that can never pay twice:",
        "",
        "```ts",
        'import { appendPaymentIdentifierToExtensions, generatePaymentId } from "@x402/extensions/payment-identifier";',
        "const id = generatePaymentId(); // keep it with the request you may retry",
        "client.onBeforePaymentCreation(async ({ paymentRequired }) => {",
        "  paymentRequired.extensions = appendPaymentIdentifierToExtensions(paymentRequired.extensions ?? {}, id);",
        "});",
        "```",
        "",
        "The gateway rail with Circle's client (`@circle-fin/x402-batching`), which signs the GatewayWalletBatched item against your deposit:",
        "",
        "```ts",
        'import { registerBatchScheme } from "@circle-fin/x402-batching/client";',
        "const client = new x402Client();",
        "registerBatchScheme(client, { signer: account, fallbackScheme: new ExactEvmScheme(account) });",
        '// x402Client takes the first matching item, the plain one; prefer the Gateway item explicitly:',
        'client.registerPolicy((_v, reqs) => reqs.filter((r) => r.extra?.name === "GatewayWalletBatched"));',
        "```",
        "",
        "Without a library: decode PAYMENT-REQUIRED (base64 JSON), pick an `accepts[]` item, sign EIP-712 `TransferWithAuthorization` " +
          "(from = you, to = payTo, value = amount, validAfter/validBefore around now, a random 32-byte nonce) over the domain named by the item's `extra` " +
          `(chainId ${c.chainId}), and send the base64 JSON payment payload in Payment-Signature.`,
      ].join("\n"),
    },
    {
      title: "Re-read what you paid for",
      requires: ["POST /hub/pay"],
      intro: "A paid read of a share or a hosted post (its access route, its page URL as an agent, or /hub/pay for a post) returns an unlockProof; /hub/pay for creator-site content returns the receipt, and the creator's site serves the content. Send the unlockProof in the x-svc-payment-proof header (for media also the `proof` query parameter) to read again without paying while the entitlement lasts (12 hours for the proof). Or sign in: answer the 402's `extensions[\"sign-in-with-x\"]` challenge with a SIGN-IN-WITH-X header (x402 v2, @x402/extensions/sign-in-with-x) and a wallet that already bought the resource reads it without paying.",
    },
    {
      title: "Quickshare links",
      requires: ["GET /qs/{slug}"],
      intro: "Hosted short links at /qs/<slug>: encrypted at rest, private (never listed in discovery, sitemaps or reputation), expiring after at most 7 days. A revoked share answers 410, an expired one 419.",
      items: [
        { route: "GET /qs/{slug}", text: "GET /qs/{slug}: agents (no text/html in Accept, or x-svc-actor: agent) get JSON, and 402 with a challenge for a paid share; pay it like POST /hub/pay" },
        { route: "GET /quickshare/{slug}/manifest", text: "GET /quickshare/{slug}/manifest: the share's machine-readable manifest (version 1)" },
        { route: "GET /quickshare/{slug}/meta", text: "GET /quickshare/{slug}/meta: title, price and expiry without the content" },
      ],
    },
    {
      title: "Hosted blogs",
      requires: ["GET /api/svc/access"],
      intro:
        "Hosted blogs live on their own origin (GET /hub/sitemap-sites lists their domains) and mirror the hub's payment gates: the same x402 challenge, both rails, the same unlock proofs. Every route below is on the blog's origin, not the hub's.",
      items: [
        { route: "GET /svc.json", text: "GET /svc.json: the blog's site manifest, one item per published post with its path, price and access" },
        { route: "GET /api/svc/access", text: "GET /api/svc/access?path=/<type>/<slug> (or GET /api/{type}/{slug}): 200 with the decrypted post, or 402 with the challenge; invite-only posts answer 403 before any payment" },
        { route: "GET /api/svc/media/{postId}/{kind}", text: "GET /api/svc/media/{postId}/{kind}: a post's media; send the unlockProof in x-svc-payment-proof" },
        { route: "GET /api/blog/posts/{slug}", text: "GET /api/blog/posts/{slug}: a teaser (free posts: the body) with the document preview" },
      ],
    },
    {
      title: "Tip a creator",
      requires: ["POST /hub/tips/verify"],
      intro:
        "Send USDC to the creator of any page. A tip to a resolved creator settles at once; a tip to an unknown creator is held in the domain's holding box until the verified owner claims it, and you can refund it until then.",
      items: [
        { route: "POST /hub/tips/verify", text: "POST /hub/tips/verify: record a tip you sent to a resolved creator" },
        {
          route: "POST /hub/tips/verify",
          text: "with a stock x402 client: POST /hub/tips/verify with `{ contentUrl, amount }` and no credentials answers 402 with the tip's challenge; `wrapFetchWithPayment(fetch, client)` signs accepts[0] and retries, and the 200's `tip.rail` says which rail paid (eip3009 for the plain authorization, gateway, or transfer)",
        },
        { route: "POST /hub/tips/hold", text: "POST /hub/tips/hold: record a tip held for an unresolved domain" },
        { route: "POST /hub/tips/refund", text: "POST /hub/tips/refund: take a held tip back with an EIP-191 signature (you must be the payer)" },
      ],
    },
    {
      title: "Rate what you unlocked",
      requires: ["POST /hub/reputation/ratings/index"],
      intro:
        "Ratings are on-chain and tied to an unlock: a value 1..50 (stars = value / 10), written with the reputation contract's rateContent and then indexed by the hub. " +
        "A rating is a transaction your wallet sends itself: it costs gas (the chain's native token), unlike paying, which the hub's relayer settles for you.",
      items: [
        { route: "POST /hub/reputation/ratings/prepare", text: "POST /hub/reputation/ratings/prepare: checks your unlock and returns the ready-to-send call: `call` { to, data, value, chainId, functionName, args, abi } (send it with any wallet, e.g. viem's sendTransaction({ to, data })); then index its transaction hash" },
        { route: "POST /hub/reputation/ratings/index", text: "POST /hub/reputation/ratings/index: index your on-chain rating so it shows in the ledger and leaderboards" },
        { route: "GET /hub/reputation/leaderboards", text: "GET /hub/reputation/leaderboards: where ratings, unlocks, views and revenue rank creators, sites and content" },
      ],
    },
    {
      title: "Decision helpers",
      intro:
        "Server-side scoring (provider keys never leave the hub): 30 requests per minute per client address, 501 when disabled, 502 when the model gives nothing usable. " +
        "`model` and `usage` say which model answered. Apply your own threshold before acting (the hub uses 0.6 for tags and recipient inference, 0.65 for settle-versus-hold and page classification).",
      items: [
        { route: "POST /hub/judge/decide", text: "POST /hub/judge/decide: pick one of 2..12 candidates for a situation, with a probability per candidate" },
        { route: "POST /hub/judge/classify", text: "POST /hub/judge/classify: probability that a page is a single creator-authored content page" },
        { route: "POST /hub/judge/tags", text: "POST /hub/judge/tags: independent probabilities for 2..24 candidate tags; the best topK at or above minProbability" },
      ],
    },
    {
      title: "MCP server",
      requires: ["POST /mcp"],
      intro:
        `POST ${c.origin}/mcp speaks the Model Context Protocol over Streamable HTTP (JSON-RPC, stateless: no session id, JSON answers). ` +
        "Connect with any MCP client (for example the TypeScript SDK's StreamableHTTPClientTransport); no key is needed. Browsers may call it only from the hub's own origin. " +
        "The paid tool buy_content buys an item (contentId: an explore card's id or post:<postId>; url: a post page or share URL; share: a slug) over x402's MCP transport: unpaid, the result is isError with the PaymentRequired as structuredContent (and as content[0].text); " +
        "sign one accepts option (e.g. x402Client.createPaymentPayload with @x402/evm's ExactEvmScheme) and call again with it in params._meta[\"x402/payment\"]; the item comes back with the settlement in result._meta[\"x402/payment-response\"]. Same receipts, ledger rows and replay rules as over HTTP.",
    },
  ];
}
