// vitest globalSetup for the "contracts" project: one anvil on port 8599 with a throwaway data dir,
// contracts deployed once, the deployment handed to the test files through provide/inject.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startAnvil } from "../../scripts/lib/anvil.mjs";
import { deployContracts } from "../../scripts/lib/deploy.mjs";

// CONTRACTS_CHAIN_PORT lets parallel checkouts run their contract tests side by side.
export const TEST_PORT = Number(process.env.CONTRACTS_CHAIN_PORT ?? 8599);
// The compile cache outlives the run so that a second run skips solc (about 3 s).
export const CACHE_DIR = join(import.meta.dirname, "../../node_modules/.cache/paid-content-hub-contracts");

export type Deployment = {
  chainId: number;
  rpcUrl: string;
  usdc: `0x${string}`;
  gatewayWallet: `0x${string}`;
  holdingBoxFactory: `0x${string}`;
  feeWalletFactory: `0x${string}`;
  reputation: `0x${string}`;
  operator: `0x${string}`;
  treasury: `0x${string}`;
  withdrawalDelay: number;
  codeHash: `0x${string}`;
};

declare module "vitest" {
  export interface ProvidedContext {
    deployment: Deployment;
    contractsCacheDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "contracts-test-"));
  const anvil = await startAnvil({ port: TEST_PORT, dataDir, detached: false });
  try {
    const deployment = (await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir, cacheDir: CACHE_DIR })) as Deployment;
    project.provide("deployment", deployment);
    project.provide("contractsCacheDir", CACHE_DIR);
  } catch (err) {
    await anvil.stop();
    throw err;
  }
  return async () => {
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
