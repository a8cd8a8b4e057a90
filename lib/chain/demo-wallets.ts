import "server-only";
import { mnemonicToAccount } from "viem/accounts";
import { env } from "@/lib/env";

/** anvil's public development mnemonic: its accounts are funded on the local chain and unlocked in anvil. */
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/** Which anvil accounts the browser's wallet list offers (the seed funds #4 with USDC and a Gateway deposit; #7 owns the demo blog). */
const DEMO_ACCOUNTS = [
  { label: "Demo reader", index: 4 },
  { label: "Demo creator", index: 7 },
] as const;

export type DemoAccount = { label: string; address: `0x${string}` };

/**
 * The demo wallets of a local hub: addresses only (the chain itself, anvil, holds and uses the
 * keys, which are public anyway). Empty unless DEMO_WALLET is auto and the hub is a testnet hub on a
 * loopback chain that the browser also reaches on loopback; then the page and its JavaScript carry
 * no trace of them.
 */
export function demoAccounts(): DemoAccount[] {
  if (!env.DEMO_WALLET_ON) return [];
  // Derived once: a mnemonic's seed is 2,048 rounds of PBKDF2-HMAC-SHA512 in JavaScript (tens of
  // milliseconds), and every page with a wallet asks for these.
  return (derived ??= DEMO_ACCOUNTS.map((a) => ({ label: a.label, address: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: a.index }).address })));
}

let derived: DemoAccount[] | undefined;
