import { concatHex, domainSeparator as hashDomain, hashTypedData, numberToHex, padHex, stringToHex, type Hex, type TypedDataDomain } from "viem";
import { keccak256 } from "@/lib/crypto/keccak";
import { lruMemo } from "@/lib/lru-memo";

/** What viem's `hashTypedData` takes: a domain, the struct types, the primary type and the message. */
export type TypedDataInput = {
  domain?: TypedDataDomain;
  types: Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>;
  primaryType: string;
  message: Readonly<Record<string, unknown>>;
};

/** A hub hashes over a handful of domains (USDC's, the Gateway Wallet's, the receipt's): each separator once. */
const separators = lruMemo<Hex>(64);
/**
 * Each struct's type hash (keccak of its EIP-712 type string), or null when it is not a flat struct,
 * kept per types object (the callers' are module constants) and primary type.
 */
const typeHashes = new WeakMap<TypedDataInput["types"], Map<string, Hex | null>>();

function domainSeparator(domain: TypedDataDomain): Hex {
  const key = JSON.stringify([domain.name, domain.version, domain.chainId?.toString(), domain.verifyingContract?.toLowerCase(), domain.salt]);
  return separators.get(key, () => hashDomain({ domain }));
}

const ATOMIC = /^(address|bool|string|bytes|bytes([1-9]|[12]\d|3[0-2])|uint(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/;

function typeHash(types: TypedDataInput["types"], primaryType: string, fields: readonly { name: string; type: string }[]): Hex | null {
  let kept = typeHashes.get(types);
  if (!kept) typeHashes.set(types, (kept = new Map()));
  if (!kept.has(primaryType)) {
    kept.set(primaryType, fields.every((f) => ATOMIC.test(f.type)) ? keccak256(stringToHex(`${primaryType}(${fields.map((f) => `${f.type} ${f.name}`).join(",")})`)) : null);
  }
  return kept.get(primaryType)!;
}

/** One field as its 32-byte EIP-712 word, or null when this encoder does not take it (viem decides then). */
function word(type: string, value: unknown): Hex | null {
  if (type === "address") return typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value) ? padHex(value.toLowerCase() as Hex, { size: 32 }) : null;
  if (type === "string") return typeof value === "string" ? keccak256(stringToHex(value)) : null;
  if (type === "bytes") return typeof value === "string" && /^0x([0-9a-fA-F]{2})*$/.test(value) ? keccak256(value as Hex) : null;
  if (type === "bool") return typeof value === "boolean" ? numberToHex(value ? 1 : 0, { size: 32 }) : null;
  if (type.startsWith("bytes")) {
    const size = Number(type.slice(5));
    return typeof value === "string" && value.length === 2 + 2 * size && /^0x[0-9a-fA-F]*$/.test(value) ? padHex(value as Hex, { size: 32, dir: "right" }) : null;
  }
  // uintN: a non-negative integer below 2^N, a bigint or a safe integer.
  const bits = type === "uint" ? 256 : Number(type.slice(4));
  let n: bigint;
  if (typeof value === "bigint") n = value;
  else if (typeof value === "number" && Number.isSafeInteger(value)) n = BigInt(value);
  else return null;
  return n >= 0n && n >> BigInt(bits) === 0n ? numberToHex(n, { size: 32 }) : null;
}

/**
 * The EIP-712 digest viem's `hashTypedData` gives for the same input (lib/crypto/typed-data-digest.test.ts),
 * for fewer keccaks: the domain's separator and the struct's type hash are computed once per domain and
 * type, and the fields of a flat struct (addresses, booleans, unsigned integers, fixed bytes, strings,
 * bytes) are encoded directly. viem's general encoder derives both again on every call (half of the
 * keccaks of a paid unlock's receipt and authorization). Anything else (nested structs, arrays, signed
 * integers, a value this encoder does not take) is hashed by viem itself.
 */
export function typedDataDigest(input: TypedDataInput): Hex {
  const { domain = {}, types, primaryType, message } = input;
  // An explicit EIP712Domain type (its own field order) is viem's to follow.
  const fields = "EIP712Domain" in types ? undefined : types[primaryType];
  const hash = fields ? typeHash(types, primaryType, fields) : null;
  if (!hash) return viemDigest(input);
  const words: Hex[] = [hash];
  for (const { name, type } of fields!) {
    const encoded = word(type, message[name]);
    if (encoded === null) return viemDigest(input);
    words.push(encoded);
  }
  return keccak256(concatHex(["0x1901", domainSeparator(domain), keccak256(concatHex(words))]));
}

function viemDigest(input: TypedDataInput): Hex {
  return hashTypedData(input as Parameters<typeof hashTypedData>[0]);
}
