import { createSIWxResourceServerExtension, declareSIWxExtension, SIGN_IN_WITH_X } from "@x402/extensions/sign-in-with-x";
import type { PaymentRequirements } from "@x402/core/types";
import { describe, expect, it, vi } from "vitest";
import { jsonTemplate } from "@/lib/json-template";

vi.mock("@/lib/env", () => ({ env: { HUB_ORIGIN: "http://127.0.0.1:3000", NETWORK_MODE: "testnet" } }));
vi.mock("@/lib/db", () => ({ db: {} }));

const { SIWX_FRESH_FIELDS, SIWX_TTL_SECONDS, siwxExtension } = await import("./siwx");

const accepts = [{ scheme: "exact", network: "eip155:5042002", asset: "0x3600000000000000000000000000000000000000", amount: "10000", payTo: "0x00000000000000000000000000000000000000aa", maxTimeoutSeconds: 300, extra: {} }] as PaymentRequirements[];
const resource = { kind: "quickshare", id: "s1", url: "http://127.0.0.1:3000/quickshare/abc/access", price: 10_000n, payTo: "0x00000000000000000000000000000000000000aa", recipient: "0x00000000000000000000000000000000000000aa", feeBps: 0 } as const;

describe("the sign-in-with-x declaration, kept with its challenge", () => {
  it("fills per challenge exactly the fields the package calls dynamic", () => {
    const server = createSIWxResourceServerExtension({ storage: { hasPaid: () => false, recordPayment: () => undefined }, origin: "http://127.0.0.1:3000" });
    expect([...(server as { dynamicInfoFields?: string[] }).dynamicInfoFields!].sort()).toEqual([...SIWX_FRESH_FIELDS].sort());
  });

  it("is the package's own enrichment, its nonce and times fresh on every fill, as the package writes them", async () => {
    const declared = (await siwxExtension.declare({ resource, accepts }))!;
    const template = jsonTemplate(declared);
    expect([...template.holes].sort()).toEqual(SIWX_FRESH_FIELDS.map((f) => `siwx.${f}`).sort());
    const before = Date.now();
    const [one, two] = [template.fill(siwxExtension.fresh!()), template.fill(siwxExtension.fresh!())];
    type Info = Record<string, string>;
    const info = (filled: typeof one) => (filled.value[SIGN_IN_WITH_X] as { info: Info }).info;
    expect(info(one).nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(info(one).nonce).not.toBe(info(two).nonce);
    expect(Date.parse(info(one).issuedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(info(one).expirationTime!) - Date.parse(info(one).issuedAt!)).toBe(SIWX_TTL_SECONDS * 1000);
    expect(JSON.parse(one.text)).toEqual(one.value);

    const server = createSIWxResourceServerExtension({ storage: { hasPaid: () => false, recordPayment: () => undefined }, origin: "http://127.0.0.1:3000" });
    const own = (await server.enrichPaymentRequiredResponse!(declareSIWxExtension({ statement: info(one).statement, expirationSeconds: SIWX_TTL_SECONDS })[SIGN_IN_WITH_X], {
      requirements: accepts,
      resourceInfo: { url: resource.url, description: "", mimeType: "application/json" },
      paymentRequiredResponse: { x402Version: 2, resource: { url: resource.url, description: "", mimeType: "" }, accepts },
    })) as { info: Info };
    const dynamic = Object.fromEntries(SIWX_FRESH_FIELDS.map((f) => [f, info(one)[f]]));
    expect(one.value[SIGN_IN_WITH_X]).toEqual({ ...own, info: { ...own.info, ...dynamic } });
    expect(Object.keys(info(one))).toEqual(Object.keys(own.info)); // the same fields in the same order
  });

  it("declares nothing for a tip (nothing to re-read)", async () => {
    expect(await siwxExtension.declare({ resource: { ...resource, kind: "tip" }, accepts })).toBeUndefined();
  });
});
