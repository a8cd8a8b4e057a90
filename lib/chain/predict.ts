// Off-chain prediction of the CREATE2 addresses of holding boxes and fee wallets. Pure viem, safe in
// any runtime (server, browser, scripts): a box or wallet can receive USDC before it has code.
import { getAddress, getContractAddress, keccak256, pad, stringToBytes, type Address, type Hex } from "viem";
import { lruMemo } from "../lru-memo";
import { FEE_WALLET_INIT_CODE_HASH, HOLDING_BOX_INIT_CODE_HASH } from "./abis";

/**
 * The holding key of a domain: lowercase host, no scheme/path/port, no leading "www.", no trailing dot.
 * Accepts a bare host ("WWW.Example.com:8080") or a URL ("https://example.com/post").
 */
export function canonicalDomain(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, ""); // scheme
  host = host.split(/[/?#]/, 1)[0] ?? ""; // path, query, fragment
  host = host.slice(host.lastIndexOf("@") + 1); // userinfo
  if (host.startsWith("[")) {
    host = host.slice(0, host.indexOf("]") + 1); // [IPv6]:port
  } else {
    host = host.replace(/:\d*$/, ""); // port
  }
  host = host.replace(/\.+$/, "");
  if (host.startsWith("www.")) host = host.slice(4);
  if (!host) throw new Error(`not a domain: ${JSON.stringify(input)}`);
  return host;
}

/** The salt HoldingBoxFactory takes: keccak256(bytes(canonicalDomain)). */
export function holdingBoxSalt(domain: string): Hex {
  return keccak256(stringToBytes(canonicalDomain(domain)));
}

/** The salt FeeWalletFactory derives on chain: bytes32(uint256(uint160(creator))). */
export function feeWalletSalt(creator: Address): Hex {
  return pad(getAddress(creator), { size: 32 });
}

export function predictHoldingBox({ factory, domain }: { factory: Address; domain: string }): Address {
  return getContractAddress({
    opcode: "CREATE2",
    from: factory,
    salt: holdingBoxSalt(domain),
    bytecodeHash: HOLDING_BOX_INIT_CODE_HASH,
  });
}

/**
 * A creator's fee wallet. Kept per factory and creator (LRU): a quote for a hosted post or a share
 * names it on every 402, and the CREATE2 hash and checksums cost about 50 µs each time (bench/README.md).
 */
export function predictFeeWallet({ factory, creator }: { factory: Address; creator: Address }): Address {
  return feeWallets.get(`${factory.toLowerCase()}:${creator.toLowerCase()}`, () =>
    getContractAddress({
      opcode: "CREATE2",
      from: factory,
      salt: feeWalletSalt(creator),
      bytecodeHash: FEE_WALLET_INIT_CODE_HASH,
    }),
  );
}
const feeWallets = lruMemo<Address>(4_096);
