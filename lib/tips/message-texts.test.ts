// The refund and claim-token texts are written out in docs/tips.md and the OpenAPI document (issue 5);
// these checks keep both documents verbatim and in step with the messages the hub actually verifies.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLAIM_TOKEN_DOC, REFUND_MESSAGE_DOC } from "@/lib/openapi/paths-tips";
import { CLAIM_TOKEN_TITLE, claimTokenMessage } from "./claim-token-message";
import { REFUND_MESSAGE_TITLE, refundMessage } from "./refund-message";

const readme = readFileSync(new URL("../../docs/tips.md", import.meta.url), "utf8");
const payer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** Each template line's fixed part (before the first <placeholder>) must start the real line. */
function expectTemplateOf(template: string, real: string) {
  const t = template.split("\n");
  const r = real.split("\n");
  expect(t).toHaveLength(r.length);
  t.forEach((line, i) => {
    const fixed = line.includes("<") ? line.slice(0, line.indexOf("<")) : line;
    expect(r[i]!.startsWith(fixed), `line ${i + 1}: "${r[i]}" does not start with "${fixed}"`).toBe(true);
    if (!line.includes("<")) expect(r[i]).toBe(line);
  });
}

describe("the refund control message", () => {
  it("is in docs/tips.md and the OpenAPI document verbatim", () => {
    expect(readme).toContain("```\n" + REFUND_MESSAGE_DOC + "\n```");
    expect(REFUND_MESSAGE_DOC.split("\n")[0]).toBe(REFUND_MESSAGE_TITLE);
  });
  it("documents the lines the hub renders and parses, with a cap and without", () => {
    const base = { domain: "some-blog.example", payer, chainId: 5042002, nonce: "9f8e7d6c5b4a" } as const;
    expectTemplateOf(REFUND_MESSAGE_DOC, refundMessage({ ...base, amountAtomic: 1_500_000n }));
    expectTemplateOf(REFUND_MESSAGE_DOC, refundMessage({ ...base, amountAtomic: null }));
    expect(REFUND_MESSAGE_DOC).toContain("Amount: all");
  });
  it("matches docs/tips.md's worked example", () => {
    const example = /const message = \[\n([\s\S]*?)\]\.join\("\\n"\);/.exec(readme)?.[1];
    expect(example, "docs/tips.md's refund example").toBeTruthy();
    const lines = [...example!.matchAll(/^\s*[`"]([^`"]*)[`"],/gm)].map((m) => m[1]!.replace("${account.address}", payer));
    expect(lines.join("\n")).toBe(refundMessage({ domain: "some-blog.example", payer, amountAtomic: null, chainId: 5042002, nonce: "9f8e7d6c5b4a" }));
  });
});

describe("the claim-token message", () => {
  it("is in docs/tips.md and the OpenAPI document verbatim", () => {
    expect(readme).toContain("```\n" + CLAIM_TOKEN_DOC + "\n```");
    expect(CLAIM_TOKEN_DOC.split("\n")[0]).toBe(CLAIM_TOKEN_TITLE);
  });
  it("documents the lines the hub expects", () => {
    expectTemplateOf(CLAIM_TOKEN_DOC, claimTokenMessage({ domain: "some-blog.example", siteId: "site-1", payTo: payer, chainId: 5042002 }));
  });
});
