import { concatHex, domainSeparator as hashDomain, keccak256, numberToHex, padHex, stringToHex, type Hex, type TypedDataDomain } from "viem";
import { transferWithAuthorizationTypes } from "@/lib/chain/abis";

type Message = { from: Hex; to: Hex; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex };

/** keccak256 of the struct's type string, as EIP-712's encodeType gives it. */
const TYPE_HASH = keccak256(
  stringToHex(`TransferWithAuthorization(${transferWithAuthorizationTypes.TransferWithAuthorization.map((f) => `${f.type} ${f.name}`).join(",")})`),
);

/** A hub signs over a handful of domains (USDC's, the Gateway Wallet's): each separator is hashed once. */
const separators = new Map<string, Hex>();

function domainSeparator(domain: TypedDataDomain): Hex {
  const key = JSON.stringify([domain.name, domain.version, domain.chainId?.toString(), domain.verifyingContract?.toLowerCase(), domain.salt]);
  let separator = separators.get(key);
  if (!separator) {
    separator = hashDomain({ domain });
    separators.set(key, separator);
  }
  return separator;
}

const word = (v: bigint) => numberToHex(v, { size: 32 });

/**
 * The EIP-712 digest of a TransferWithAuthorization, equal to viem's `hashTypedData` for the same
 * domain and message (lib/x402/authorization-digest.test.ts), for the price of two keccaks: the
 * type hash and each domain's separator are computed once, the struct's fields are fixed-size words.
 * viem's general encoder re-derives the types and the domain on every call (≈ 5 % of a paid unlock's CPU).
 */
export function authorizationDigest(domain: TypedDataDomain, m: Message): Hex {
  const struct = keccak256(
    concatHex([TYPE_HASH, padHex(m.from.toLowerCase() as Hex, { size: 32 }), padHex(m.to.toLowerCase() as Hex, { size: 32 }), word(m.value), word(m.validAfter), word(m.validBefore), padHex(m.nonce, { size: 32, dir: "right" })]),
  );
  return keccak256(concatHex(["0x1901", domainSeparator(domain), struct]));
}
