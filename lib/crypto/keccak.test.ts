// The native keccak and viem's (noble) must agree on every input: the hub hashes with whichever loads,
// and a digest a payer signed must not depend on the machine.
import { createRequire } from "node:module";
import { hexToBytes, keccak256 as viemKeccak256, stringToHex, toHex, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { jsKeccak256, keccak256, keccakReady, loadNativeKeccak } from "./keccak";

/** Deterministic pseudo-random bytes, so a failure names a reproducible case. */
function bytes(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 32) out.set(hexToBytes(viemKeccak256(toHex(`${seed}:${i}`))).subarray(0, Math.min(32, length - i)), i);
  return out;
}

describe("keccak256: native and JS agree", () => {
  it("loads the native binding on this machine (linux-x64 prebuild) and hashes with it once ready", async () => {
    expect(await keccakReady).toBe("native");
    expect(await loadNativeKeccak()).toBeTypeOf("function");
  });

  it("gives viem's digest for every length around the sponge's 136-byte rate, as hex and as bytes", async () => {
    const native = (await loadNativeKeccak())!;
    for (let length = 0; length <= 3 * 136 + 1; length++) {
      const input = bytes(length, length);
      const expected = jsKeccak256(input);
      expect(native(input), `bytes of length ${length}`).toBe(expected);
      expect(native(toHex(input)), `hex of length ${length}`).toBe(expected);
      expect(native(toHex(input).toUpperCase().replace("0X", "0x") as Hex)).toBe(expected);
    }
    // A view into a larger buffer hashes only its own bytes.
    const big = bytes(7, 300);
    expect(native(big.subarray(10, 74))).toBe(jsKeccak256(big.slice(10, 74)));
    expect(native(Buffer.from(big))).toBe(jsKeccak256(big));
    // The state is reused: a long input then a short one, alternately.
    for (let i = 0; i < 50; i++) {
      expect(native(bytes(i, 1000))).toBe(jsKeccak256(bytes(i, 1000)));
      expect(native(stringToHex(`x402-payer:${i}`))).toBe(jsKeccak256(stringToHex(`x402-payer:${i}`)));
    }
    // Known vectors: keccak256("") and of "hello world".
    expect(native("0x")).toBe("0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    expect(native(stringToHex("hello world"))).toBe("0x47173285a8d7341e5e972fc677286384f802f8ef42a5ec5f03bbfa254cb01fad");
  });

  it("leaves what is not even-length hex to viem, which answers or throws as before", async () => {
    const native = (await loadNativeKeccak())!;
    for (const odd of ["0x1", "0xabc", "0xzz", "0x12g4"] as Hex[]) {
      let expected: string;
      try {
        expected = jsKeccak256(odd);
      } catch (error) {
        expect(() => native(odd)).toThrow((error as Error).message);
        continue;
      }
      expect(native(odd)).toBe(expected);
    }
  });

  it("the module's keccak256 is the native one after loading, and equal to viem's", async () => {
    await keccakReady;
    const input = stringToHex("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)");
    expect(keccak256(input)).toBe(viemKeccak256(input));
    // The package itself: the binding the hub loads is the one the package builds.
    const create = createRequire(import.meta.url)("keccak/bindings") as (algorithm: string) => { update(b: Buffer): { digest(): Buffer } };
    expect(`0x${create("keccak256").update(Buffer.from(input.slice(2), "hex")).digest().toString("hex")}`).toBe(keccak256(input));
  });
});
