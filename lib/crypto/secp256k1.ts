import "server-only";
import { bytesToHex, getAddress, hexToBytes, recoverAddress, type Address, type Hex } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { sign } from "viem/accounts";
import { secp256k1Choice } from "@/lib/env";

/** secp256k1's group order n, and n / 2: a larger s is the malleable twin of a valid signature (EIP-2). */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = N >> 1n;

/** The part of the `secp256k1` package's native binding (libsecp256k1) used here. */
type NativeSecp256k1 = {
  ecdsaRecover(signature: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(msg32: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
};

export type Secp256k1 = {
  name: "native" | "js";
  /** The EOA that signed `digest`, or null when `signature` is not one the Gateway Wallet and USDC accept. */
  recover(digest: Hex, signature: Hex): Promise<Address | null>;
  /** A 65-byte signature (r, s low, v 27/28; RFC 6979, so the same digest and key always give the same bytes). */
  sign(digest: Hex, privateKey: Hex): Promise<Hex>;
};

/**
 * The signature rule of contracts/SignatureChecker.sol (the Gateway Wallet's and USDC's): exactly 65
 * bytes, v 27 or 28, r and s in range and s in the lower half. A signature the contract would refuse
 * must be refused before a payment is accepted, or the batch would skip it after the content went out.
 */
function parse(signature: Hex): { compact: Uint8Array; recid: number } | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return null;
  const bytes = hexToBytes(signature);
  const v = bytes[64]!;
  if (v !== 27 && v !== 28) return null;
  const r = BigInt(bytesToHex(bytes.subarray(0, 32)));
  const s = BigInt(bytesToHex(bytes.subarray(32, 64)));
  if (r === 0n || r >= N || s === 0n || s > HALF_N) return null;
  return { compact: bytes.subarray(0, 64), recid: v - 27 };
}

/** viem's own (noble) recovery and signing: always available. */
export const jsSecp256k1: Secp256k1 = {
  name: "js",
  async recover(digest, signature) {
    if (!parse(signature)) return null;
    return recoverAddress({ hash: digest, signature }).catch(() => null);
  },
  sign: (digest, privateKey) => sign({ hash: digest, privateKey, to: "hex" }),
};

/** libsecp256k1 through the `secp256k1` package's prebuilt binding (about 20× faster than the JS curve). */
export function nativeSecp256k1(binding: NativeSecp256k1): Secp256k1 {
  return {
    name: "native",
    async recover(digest, signature) {
      const parsed = parse(signature);
      if (!parsed) return null;
      let publicKey: Uint8Array;
      try {
        publicKey = binding.ecdsaRecover(parsed.compact, parsed.recid, hexToBytes(digest), false);
      } catch {
        return null; // no point on the curve has this signature
      }
      return getAddress(`0x${keccak256(publicKey.subarray(1)).slice(-40)}`);
    },
    async sign(digest, privateKey) {
      const { signature, recid } = binding.ecdsaSign(hexToBytes(digest), hexToBytes(privateKey));
      return `${bytesToHex(signature)}${recid === 0 ? "1b" : "1c"}` as Hex;
    },
  };
}

let chosen: Promise<Secp256k1> | undefined;
/**
 * The native curve when its binding loads on this machine (a prebuilt for linux-x64, darwin-arm64
 * and win32-x64 ships in the package; no install script runs), else the JS one. Both agree on every
 * input (lib/crypto/secp256k1.test.ts proves it on a corpus); SECP256K1=js forces the JS curve.
 */
export function secp256k1(): Promise<Secp256k1> {
  chosen ??= (async () => {
    if (secp256k1Choice() === "js") return jsSecp256k1;
    try {
      const binding = (await import("secp256k1/bindings")) as unknown as { default?: NativeSecp256k1 } & NativeSecp256k1;
      return nativeSecp256k1(binding.default ?? binding);
    } catch {
      return jsSecp256k1;
    }
  })();
  return chosen;
}
