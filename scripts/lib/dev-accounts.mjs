// anvil's public development accounts (mnemonic "test test … junk"): local chains only.
import { toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";

const MNEMONIC = "test test test test test test test test test test test junk";

/** Account `index` of anvil's mnemonic with its private key, for funding and printing demo wallets. */
export function devAccount(index) {
  const account = mnemonicToAccount(MNEMONIC, { addressIndex: index });
  return { address: account.address, privateKey: toHex(account.getHdKey().privateKey) };
}

/** Roles used by the demo data and the tests. #0 relayer/operator, #3 treasury. */
export const DEV_ROLES = { operator: 0, treasury: 3, payers: [4, 5, 6], creators: [7, 8, 9] };
