import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { usdcAbi } from "../../lib/chain/abis";
import { api, expectError, HUB_URL } from "../support/hub";
import { boxOf, chainClient, FACTORY, ledgerRows, newWallet, removeFixtures, testDb, transferUsdc, uniqueDomain, USDC } from "../support/tips";

afterAll(removeFixtures);

const hold = (json: Record<string, unknown>) => api("/hub/tips/hold", { json });

describe("POST /hub/tips/hold without txHash", () => {
  it("answers with the domain's holding box, predicted off chain before it has code", async () => {
    const domain = uniqueDomain("box");
    const res = await hold({ contentUrl: `https://www.${domain.toUpperCase()}:8443/post?x=1`, amount: "0.25" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true, holdStatus: "challenge", box: boxOf(domain), domain, amount: 0.25, asset: USDC, network: "eip155:5042002", chainId: 5042002,
    });
    expect(await chainClient.getCode({ address: res.body.box })).toBeUndefined();
    // The factory computes the same address on chain.
    const onChain = await chainClient.readContract({
      address: FACTORY, abi: [{ type: "function", name: "boxAddress", stateMutability: "view", inputs: [{ name: "salt", type: "bytes32" }], outputs: [{ type: "address" }] }] as const,
      functionName: "boxAddress", args: [(await import("../../lib/chain/predict")).holdingBoxSalt(domain)],
    });
    expect(onChain).toBe(res.body.box);
  });

  it("accepts a parent domain as the holding key, and refuses an unrelated one", async () => {
    const domain = uniqueDomain("parent");
    const ok = await hold({ contentUrl: `https://blog.${domain}/post`, amount: "1", domain });
    expect(ok.body).toMatchObject({ domain, box: boxOf(domain) });
    expect(expectError(await hold({ contentUrl: `https://blog.${domain}/post`, amount: "1", domain: "other.example" }), 400, "invalid-request").details).toContain("domain");
  });

  it("never holds a tip to a quickshare link or to the hub itself", async () => {
    expectError(await hold({ contentUrl: `${HUB_URL}/qs/AbCdEfGh`, amount: "1" }), 400, "not-holdable");
    expectError(await hold({ contentUrl: `${HUB_URL}/explore`, amount: "1" }), 400, "not-holdable");
  });

  const badAmounts: Array<[string, unknown]> = [["zero", "0"], ["negative", "-1"], ["seven decimals", "1.1234567"], ["text", "abc"], ["an exponent", "1e3"]];
  it.each(badAmounts)("answers 400 invalid-amount for a %s amount", async (_name, amount) => {
    expectError(await hold({ contentUrl: `https://${uniqueDomain("amt")}/p`, amount }), 400, "invalid-amount");
  });

  const badBodies: Array<[string, Record<string, unknown>, string[]]> = [
    ["no contentUrl and no amount", {}, ["contentUrl", "amount"]],
    ["a relative contentUrl", { contentUrl: "/post", amount: "1" }, ["contentUrl"]],
    ["a malformed txHash", { contentUrl: "https://a.example/p", amount: "1", txHash: "0x1234" }, ["txHash"]],
    ["a malformed walletAddress", { contentUrl: "https://a.example/p", amount: "1", walletAddress: "0xabc" }, ["walletAddress"]],
    ["another currency", { contentUrl: "https://a.example/p", amount: "1", currency: "EUR" }, ["currency"]],
  ];
  it.each(badBodies)("answers 400 for %s, naming the fields", async (_name, json, fields) => {
    const err = expectError(await hold(json), 400);
    for (const f of fields) expect(err.details).toContain(f);
  });
});

describe("POST /hub/tips/hold with txHash", () => {
  it("verifies the transfer into the box, records a held tip and a ledger row; a retry is idempotent", async () => {
    const payer = await newWallet(5_000_000n);
    const domain = uniqueDomain("held");
    const txHash = await transferUsdc(payer, boxOf(domain), 1_250_000n);
    const body = { contentUrl: `https://${domain}/essay`, amount: "1.2", title: "An essay", txHash, walletAddress: payer.address };

    const res = await hold(body);
    expect(res.status).toBe(200);
    // The amount actually transferred (1.25) is what is held, not the 1.2 asked for.
    expect(res.body).toMatchObject({
      success: true, holdStatus: "held", box: boxOf(domain), domain,
      tip: { status: "held", amount: 1.25, held: 1.25, refunded: 0, payer: payer.address, recipient: null, rail: "transfer", txHash, box: boxOf(domain), contentUrl: body.contentUrl, title: "An essay", domain, protocolFee: null, pendingSettlement: false },
    });

    const again = await hold(body);
    expect(again.status).toBe(200);
    expect(again.body.tip.id).toBe(res.body.tip.id);
    expect(await testDb.tip.count({ where: { txHash } })).toBe(1);
    const ledger = await ledgerRows(domain);
    expect(ledger.map((r) => [r.subkind, r.amountAtomic, r.payerWallet, r.txHash])).toEqual([["held", 1_250_000n, payer.address, txHash]]);

    const held = await api(`/hub/tips/held?domain=${domain}`);
    expect(held.body).toMatchObject({ success: true, domain, box: boxOf(domain), total: 1, totalAmount: 1.25, pendingSettlement: 0 });
    expect(held.body.tips.map((t: any) => t.id)).toEqual([res.body.tip.id]);
  });

  it("infers the payer from the transfer when walletAddress is absent", async () => {
    const payer = await newWallet(1_000_000n);
    const domain = uniqueDomain("infer");
    const txHash = await transferUsdc(payer, boxOf(domain), 500_000n);
    const res = await hold({ contentUrl: `https://${domain}/p`, amount: "0.5", txHash });
    expect(res.body.tip).toMatchObject({ payer: payer.address, amount: 0.5 });
  });

  it("refuses a tx hash already recorded for another domain's box (409)", async () => {
    const payer = await newWallet(1_000_000n);
    const domain = uniqueDomain("once");
    const txHash = await transferUsdc(payer, boxOf(domain), 500_000n);
    expect((await hold({ contentUrl: `https://${domain}/p`, amount: "0.5", txHash })).status).toBe(200);
    expectError(await hold({ contentUrl: `https://${uniqueDomain("elsewhere")}/p`, amount: "0.5", txHash }), 409, "txhash-claimed-elsewhere");
  });

  it("refuses transfers that do not pay the box enough, from the payer, successfully (402), and records nothing", async () => {
    const payer = await newWallet(3_000_000n);
    const stranger = await newWallet(0n);
    const domain = uniqueDomain("bad");
    const box = boxOf(domain);
    const toOther = await transferUsdc(payer, stranger.address, 100_000n);
    const tooLittle = await transferUsdc(payer, box, 100_000n);
    const reverted = await payer.wallet.writeContract({ address: USDC, abi: usdcAbi, functionName: "transfer", args: [box, 10n ** 12n], gas: 100_000n });
    expect((await chainClient.waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    const unknown = `0x${randomBytes(32).toString("hex")}`;

    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["a transfer to another address", { txHash: toOther }, "no USDC into the holding box"],
      ["less than the amount", { txHash: tooLittle, amount: "0.2" }, "less than"],
      ["a reverted transaction", { txHash: reverted }, "reverted"],
      ["an unknown transaction", { txHash: unknown }, "not mined"],
      ["another payer", { txHash: tooLittle, amount: "0.1", walletAddress: stranger.address }, stranger.address],
    ];
    for (const [name, over, detail] of cases) {
      const res = await hold({ contentUrl: `https://${domain}/p`, amount: "0.1", ...over });
      const err = expectError(res, 402, "payment-invalid");
      expect(err.details, name).toContain(detail);
    }
    expect(await testDb.tip.count({ where: { domain } })).toBe(0);
    expect(await ledgerRows(domain)).toEqual([]);
  });
});

describe("GET /hub/tips/held", () => {
  it("is public, newest first, limited, and counts every held tip", async () => {
    const payer = await newWallet(3_000_000n);
    const domain = uniqueDomain("list");
    const ids: string[] = [];
    for (const amount of [100_000n, 200_000n, 300_000n]) {
      const txHash = await transferUsdc(payer, boxOf(domain), amount);
      ids.push((await hold({ contentUrl: `https://${domain}/p`, amount: (Number(amount) / 1e6).toString(), txHash })).body.tip.id);
    }
    const res = await api(`/hub/tips/held?domain=WWW.${domain.toUpperCase()}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ domain, total: 3, totalAmount: 0.6 });
    expect(res.body.tips.map((t: any) => t.id)).toEqual([ids[2], ids[1]]);
  });

  const bad: Array<[string, string]> = [["no domain", ""], ["limit 0", "domain=a.example&limit=0"], ["limit 101", "domain=a.example&limit=101"], ["limit text", "domain=a.example&limit=ten"]];
  it.each(bad)("answers 400 for %s", async (_name, qs) => {
    expectError(await api(`/hub/tips/held?${qs}`), 400, "invalid-request");
  });
});
