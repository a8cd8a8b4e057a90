// The native (libsecp256k1) and JS (viem / noble) curves must agree on every input, valid or not:
// the hub picks whichever loads, and a payment's fate must not depend on the machine.
import { createRequire } from "node:module";
import { bytesToHex, hexToBytes, keccak256, recoverAddress, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { jsSecp256k1, nativeSecp256k1, secp256k1 } from "./secp256k1";

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const native = nativeSecp256k1(createRequire(import.meta.url)("secp256k1/bindings"));
const curves = [native, jsSecp256k1];
const word = (n: bigint) => n.toString(16).padStart(64, "0");

/** Deterministic pseudo-random bytes, so a failure names a reproducible case. */
function bytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 32) out.set(hexToBytes(keccak256(toHex(`${seed}:${i}`))).subarray(0, Math.min(32, length - i)), i);
  return out;
}

async function agree(digest: Hex, signature: Hex) {
  const [a, b] = await Promise.all(curves.map((c) => c.recover(digest, signature)));
  expect(a, `native and JS disagree on ${signature} over ${digest}`).toBe(b);
  return a;
}

type Case = { key: Hex; digest: Hex; signature: Hex; signer: Hex };
async function corpus(size: number): Promise<Case[]> {
  const cases: Case[] = [];
  for (let i = 0; i < size; i++) {
    const key = bytesToHex(bytes(i, 32));
    const digest = keccak256(toHex(`message ${i}`));
    cases.push({ key, digest, signature: await native.sign(digest, key), signer: privateKeyToAccount(key).address });
  }
  return cases;
}

describe("secp256k1: native and JS agree", () => {
  it("loads the native binding on this machine (linux-x64 prebuild)", async () => {
    expect((await secp256k1()).name).toBe(process.env.SECP256K1 === "js" ? "js" : "native");
  });

  it("signs byte for byte alike (RFC 6979, low s, v 27/28) and recovers the signer", async () => {
    for (const c of await corpus(100)) {
      expect(await jsSecp256k1.sign(c.digest, c.key)).toBe(c.signature);
      expect(["1b", "1c"]).toContain(c.signature.slice(-2));
      expect(await agree(c.digest, c.signature)).toBe(c.signer);
      expect(await recoverAddress({ hash: c.digest, signature: c.signature })).toBe(c.signer);
    }
    const key = generatePrivateKey();
    const digest = keccak256("0x01");
    expect(await native.sign(digest, key)).toBe(await privateKeyToAccount(key).sign({ hash: digest }));
  });

  it("refuses what the Gateway Wallet and USDC refuse: the high-s twin, v 0/1/29, 64 and 66 bytes, r or s out of range", async () => {
    for (const c of await corpus(40)) {
      const r = c.signature.slice(2, 66);
      const s = BigInt(`0x${c.signature.slice(66, 130)}`);
      const v = Number.parseInt(c.signature.slice(130), 16);
      const twin = `0x${r}${word(N - s)}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
      // The twin is a valid ECDSA signature of the same signer (viem alone recovers it) — the contract skips it.
      expect(await recoverAddress({ hash: c.digest, signature: twin })).toBe(c.signer);
      const refused: Hex[] = [
        twin,
        `0x${r}${word(s)}${(v - 27).toString(16).padStart(2, "0")}`,
        `0x${r}${word(s)}1d`,
        `0x${r}${word(s)}`,
        `${c.signature}00`,
        `0x${word(0n)}${word(s)}${v.toString(16)}`,
        `0x${r}${word(0n)}${v.toString(16)}`,
        `0x${word(N)}${word(s)}${v.toString(16)}`,
        `0x${r}${word(N - 1n)}${v.toString(16)}`,
        c.signature.replace(/^0x/, "0X") as Hex,
        `0x${c.signature.slice(2, 129)}g` as Hex,
      ];
      for (const bad of refused) expect(await agree(c.digest, bad), bad).toBeNull();
    }
  });

  it("agrees on random 65-byte signatures (most recover some address, some none)", async () => {
    let recovered = 0;
    for (let i = 0; i < 300; i++) {
      const raw = bytes(10_000 + i, 65);
      raw[64] = 27 + (i % 2);
      raw[32]! &= 0x7f; // s in the lower half, so most reach the curve
      const result = await agree(keccak256(toHex(i)), bytesToHex(raw));
      if (result) recovered++;
    }
    expect(recovered).toBeGreaterThan(100);
  });

  it("agrees when r is no point's x coordinate", async () => {
    // x = 5 is not on secp256k1 (5³ + 7 = 132 is not a square mod p); neither curve may return an address.
    const digest = keccak256("0x02");
    for (const v of ["1b", "1c"]) expect(await agree(digest, `0x${word(5n)}${word(1n)}${v}`)).toBeNull();
  });
});
