import "server-only";
import { keccak256 as viemKeccak256, type ByteArray, type Hex } from "viem";

/** The native sponge of the `keccak` package (its C implementation through N-API). */
type KeccakState = { initialize(rate: number, capacity: number): void; absorb(data: Buffer): void; squeeze(length: number): Buffer };
type KeccakStateClass = new () => KeccakState;

/** keccak256 (Ethereum's: rate 1088, capacity 512, padding 0x01) of "" — checked when the binding loads. */
const EMPTY = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
const EVEN_HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** viem's keccak (noble, JavaScript): always available. */
export const jsKeccak256 = (value: Hex | ByteArray): Hex => viemKeccak256(value);

/**
 * keccak256 through the package's native sponge, one state reused (JavaScript runs one call at a time):
 * 2–3 µs for a word or two on the build machine where noble takes 15–25 µs, a paid unlock hashing its
 * receipt's and its authorization's EIP-712 structs about twenty times. Anything that is not bytes or
 * even-length hex goes to viem, which answers or throws as it always did.
 */
export function nativeKeccak256(State: KeccakStateClass): (value: Hex | ByteArray) => Hex {
  const state = new State();
  return (value) => {
    let bytes: Buffer;
    if (typeof value === "string") {
      if (!EVEN_HEX.test(value)) return viemKeccak256(value);
      bytes = Buffer.from(value.slice(2), "hex");
    } else if (value instanceof Uint8Array) {
      bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    } else {
      return viemKeccak256(value);
    }
    state.initialize(1088, 512);
    state.absorb(bytes);
    return `0x${state.squeeze(32).toString("hex")}`;
  };
}

/**
 * The package's native state class, from the keccak256 hasher its binding builds (the package exports
 * only that stream-shaped hasher, whose construction costs more than the hash; version pinned, and
 * lib/crypto/keccak.test.ts holds the two implementations equal). Null when the binding does not load.
 */
export async function loadNativeKeccak(): Promise<((value: Hex | ByteArray) => Hex) | null> {
  try {
    const mod = (await import("keccak/bindings")) as { default?: unknown };
    const create = (mod.default ?? mod) as (algorithm: string) => { _state?: { constructor: KeccakStateClass } };
    const State = create("keccak256")._state?.constructor;
    if (typeof State !== "function") return null;
    const hash = nativeKeccak256(State);
    return hash("0x") === EMPTY && hash(new Uint8Array(0)) === EMPTY ? hash : null;
  } catch {
    return null;
  }
}

let implementation: (value: Hex | ByteArray) => Hex = jsKeccak256;
/** Resolves once the native hash is in place (or known not to load); until then viem's answers, alike. */
export const keccakReady: Promise<"native" | "js"> = loadNativeKeccak().then((native) => {
  if (native) implementation = native;
  return native ? "native" : "js";
});

/** keccak256 of bytes or hex, as viem's `keccak256(value)` returns it: native when the binding loads. */
export function keccak256(value: Hex | ByteArray): Hex {
  return implementation(value);
}
