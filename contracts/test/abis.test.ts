// Guards lib/chain/abis.ts against drifting from contracts/*.sol: the app and predict.ts use the
// generated file, the chain runs freshly compiled code.
import { keccak256 } from "viem";
import { describe, expect, it, inject } from "vitest";
import * as abis from "../../lib/chain/abis";
import { compileContracts } from "../../scripts/lib/compile.mjs";

describe("lib/chain/abis.ts", () => {
  it("matches the compiled contracts (rerun `node scripts/gen-abis.mjs` if not)", async () => {
    const artifacts = await compileContracts({ dataDir: inject("contractsCacheDir") });
    for (const [name, artifact] of Object.entries(artifacts)) {
      const key = `${name[0]!.toLowerCase()}${name.slice(1)}Abi` as keyof typeof abis;
      expect(abis[key], key).toEqual(artifact.abi);
    }
    expect(abis.HOLDING_BOX_INIT_CODE_HASH).toBe(keccak256(artifacts.HoldingBox!.bytecode));
    expect(abis.FEE_WALLET_INIT_CODE_HASH).toBe(keccak256(artifacts.FeeWallet!.bytecode));
  });
});
