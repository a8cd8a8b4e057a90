import { randomBytes } from "node:crypto";
import { decodePaymentRequiredHeader, decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { describe, expect, it } from "vitest";
import { base64Template, decodeHeaderJson, encodeHeaderJson } from "./header-json";
import { paymentResponseHeader } from "./payment-response-header";

const TEXTS = ["Liner notes", "Café — naïve «notes» 日本語", "emoji 🎵🎶 and \u2028 line", 'quotes " \\ and </script>', "", "\uFEFFmark first"];

/** What a decoder does with `value`: the value, or that it threw. */
function outcome(decode: (value: string) => unknown, value: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: decode(value) };
  } catch {
    return { ok: false };
  }
}
const packageDecode = (value: string) => outcome(decodePaymentSignatureHeader, value);
const ourDecode = (value: string) => outcome(decodeHeaderJson, value);

describe("encodeHeaderJson", () => {
  it("writes exactly the package's header, for ASCII, non-ASCII, astral and escaped text", () => {
    for (const description of TEXTS) {
      const challenge = {
        x402Version: 2,
        error: "payment_required",
        resource: { url: `https://hub.example/c/${encodeURIComponent(description)}`, description, mimeType: "application/json" },
        accepts: [{ scheme: "exact", network: "eip155:5042002", asset: "0x3600000000000000000000000000000000000000", amount: "10000", payTo: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", maxTimeoutSeconds: 300, extra: { name: "USDC", version: "2" } }],
        extensions: { bazaar: { info: { input: { description } } } },
      } as PaymentRequired;
      const ours = encodeHeaderJson(challenge);
      expect(ours).toBe(encodePaymentRequiredHeader(challenge));
      expect(decodePaymentRequiredHeader(ours)).toEqual(challenge);
    }
  });
});

describe("paymentResponseHeader", () => {
  it("writes exactly the package's PAYMENT-RESPONSE, with and without a payer and extensions", () => {
    for (const description of TEXTS) {
      for (const payer of ["0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", null]) {
        const receipt = { payer, txHash: null, paymentId: "cmpay1", chainId: "eip155:5042002", amount: 0.01 };
        const extensions = description ? { "offer-receipt": { info: { receipt: { note: description } } } } : undefined;
        const ours = paymentResponseHeader(receipt as Parameters<typeof paymentResponseHeader>[0], extensions)["PAYMENT-RESPONSE"];
        const expected: SettleResponse = { success: true, payer: payer ?? undefined, transaction: "cmpay1", network: "eip155:5042002", amount: "10000", ...(extensions ? { extensions } : {}) };
        expect(ours).toBe(encodePaymentResponseHeader(expected));
      }
    }
  });
});

describe("decodeHeaderJson", () => {
  it("reads what the package writes, non-ASCII and a leading byte-order mark included", () => {
    for (const description of TEXTS) {
      const value = { x402Version: 2, payload: { description } };
      expect(decodeHeaderJson(encodeHeaderJson(value))).toEqual(value);
      const withMark = Buffer.from(`\uFEFF${JSON.stringify(value)}`, "utf8").toString("base64");
      expect(ourDecode(withMark)).toEqual(packageDecode(withMark));
      expect(ourDecode(withMark)).toEqual({ ok: true, value });
    }
  });

  it("refuses and accepts exactly what the package does: padding, stray characters, lengths, bad UTF-8", () => {
    const json = Buffer.from('{"a":"é"}', "utf8").toString("base64"); // eyJhIjoiw6kifQ==
    const cases = [
      json,
      json.replace(/=+$/, ""), // unpadded
      `${json}=`, // over-padded
      json.replace(/=+$/, "="), // one pad short
      `${json.replace(/=+$/, "")}A`, // a stray character: length 4n + 1
      `${json.replace(/=+$/, "")}AAAA`,
      `=${json}`,
      json.replace("J", "=J"),
      json.replace("J", "-"), // base64url is not base64
      ` ${json}`,
      `${json}\n`,
      "",
      "=",
      "==",
      "e30=", // {}
      "e30",
      "e3=0",
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x22, 0x7d]).toString("base64"), // {"a":"<lone lead byte>"}
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]).toString("base64"), // an encoded surrogate
    ];
    for (const value of cases) expect({ value, ...ourDecode(value) }).toEqual({ value, ...packageDecode(value) });
  });

  it("agrees with the package on random strings of the base64 alphabet and on random bytes", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    for (let i = 0; i < 2_000; i++) {
      const bytes = randomBytes(1 + (i % 23));
      // Mostly valid JSON strings around random bytes (so the UTF-8 decoders are compared), some raw noise.
      const payload = i % 3 === 0 ? bytes : Buffer.concat([Buffer.from('{"k":"'), bytes.map((b) => (b === 0x22 || b === 0x5c || b < 0x20 ? 0x41 : b)), Buffer.from('"}')]);
      const encoded = payload.toString("base64");
      expect(ourDecode(encoded)).toEqual(packageDecode(encoded));
      const noise = Array.from({ length: i % 13 }, (_, k) => alphabet[(bytes[k % bytes.length]! + k) % alphabet.length]).join("");
      expect(ourDecode(noise)).toEqual(packageDecode(noise));
    }
  });
});

describe("base64Template", () => {
  const plain = (pieces: string[], values: string[]) => Buffer.from(pieces.map((p, i) => p + (values[i] ?? "")).join(""), "utf8").toString("base64");
  // Whole code points (a hole's value is JSON, whose lone surrogates are escaped).
  const text = (n: number, alphabet: string) => Array.from({ length: n }, () => [...alphabet][Math.floor(Math.random() * [...alphabet].length)]).join("");
  const ALPHABETS = ["abcdef0123456789", "aé日🎵\"\\", "x"];

  it("answers the whole text's base64 for every layout and every fill, each value at every offset mod 3", () => {
    for (let round = 0; round < 300; round++) {
      const holes = Math.floor(Math.random() * 5);
      const alphabet = ALPHABETS[round % ALPHABETS.length]!;
      // Pieces of 0–7 characters put values next to each other, in one group and at the text's ends.
      const pieces = Array.from({ length: holes + 1 }, () => text(Math.floor(Math.random() * 8), alphabet));
      const encode = base64Template(pieces);
      const widths = Array.from({ length: holes }, () => Math.floor(Math.random() * 6));
      for (let fill = 0; fill < 6; fill++) {
        // Mostly the same layout (the splice), sometimes another (encoded whole, then kept).
        const values = widths.map((w) => text(fill === 3 ? w + 1 : w, alphabet));
        expect(encode(values)).toBe(plain(pieces, values));
      }
    }
  });

  it("a 402's layout: a long kept challenge around a nonce and two times", () => {
    const pieces = ['{"x402Version":2,"error":"payment_required","resource":{"description":"Café 日本語"},"nonce":', ',"issuedAt":', ',"expirationTime":', "}"];
    const encode = base64Template(pieces);
    for (let i = 0; i < 50; i++) {
      const at = Date.now() + i * 977;
      const values = [JSON.stringify(randomBytes(16).toString("hex")), JSON.stringify(new Date(at).toISOString()), JSON.stringify(new Date(at + 300_000).toISOString())];
      const header = encode(values);
      expect(header).toBe(plain(pieces, values));
      expect(decodeHeaderJson(header)).toEqual(JSON.parse(pieces.map((p, j) => p + (values[j] ?? "")).join("")));
    }
  });

  it("refuses a fill with the wrong number of values", () => {
    expect(() => base64Template(["a", "b"])(["1", "2"])).toThrow(/2 values for 2 pieces/);
  });
});
