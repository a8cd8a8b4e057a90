// Deploys the hub's contracts to a local anvil, mirroring Arc testnet's fixed addresses, and funds test wallets.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPublicClient, createWalletClient, defineChain, getAddress, http, isAddressEqual } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { compileContracts, contractsSourceHash } from './compile.mjs';

// Arc testnet's addresses, so real clients configured for Arc testnet only need an RPC override.
export const USDC_ADDRESS = '0x3600000000000000000000000000000000000000';
export const GATEWAY_WALLET_ADDRESS = '0x0077777d7EBA4688BDeF3E311b846F25870A19B9';
export const DEFAULT_WITHDRAWAL_DELAY = 100n; // blocks
export const FEE_WALLET_FEE_BPS = 100n; // hosted fee wallets split 99/1

// anvil's well-known dev keys (mnemonic "test test ... junk"): public, local use only.
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', // #0 operator / relayer / deployer
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d', // #1
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a', // #2
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6', // #3 treasury
];
export const DEFAULT_TREASURY = privateKeyToAccount(ANVIL_KEYS[3]).address;

const ONE_ETH = 10n ** 18n;

/** viem clients for a local chain; polling at 50 ms because anvil mines each transaction at once. */
export async function localClients(rpcUrl, privateKey = ANVIL_KEYS[0]) {
  const probe = createPublicClient({ transport: http(rpcUrl) });
  const id = await probe.getChainId();
  const chain = defineChain({
    id,
    name: `local-${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const account = privateKeyToAccount(privateKey);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const walletClient = createWalletClient({ chain, account, transport: http(rpcUrl), pollingInterval: 50 });
  return { chain, account, publicClient, walletClient };
}

async function confirm(publicClient, hashPromise, what) {
  const hash = await hashPromise;
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  return receipt;
}

async function ensureGas(publicClient, address) {
  const balance = await publicClient.getBalance({ address });
  if (balance < ONE_ETH / 10n) {
    await publicClient.request({ method: 'anvil_setBalance', params: [address, `0x${ONE_ETH.toString(16)}`] });
  }
}

function readDeployment(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function stillDeployed(publicClient, dep, artifacts) {
  const codes = await Promise.all(
    ['usdc', 'gatewayWallet', 'holdingBoxFactory', 'feeWalletFactory', 'reputation'].map((k) =>
      publicClient.getCode({ address: dep[k] }),
    ),
  );
  if (codes.some((c) => !c || c === '0x')) return false;
  // The fixed-address contracts carry no immutables, so their code must equal the compiled runtime code.
  return codes[0] === artifacts.Usdc.deployedBytecode && codes[1] === artifacts.GatewayWallet.deployedBytecode;
}

/**
 * Compiles and deploys everything, or returns the existing deployment when the chain still has it.
 * cacheDir (default dataDir) holds the compile cache, so throwaway data dirs (tests) can share one.
 * @param {{ rpcUrl: string, dataDir: string, cacheDir?: string, operatorKey?: `0x${string}`, treasury?: `0x${string}`, withdrawalDelay?: bigint, force?: boolean }} opts
 */
export async function deployContracts({
  rpcUrl,
  dataDir,
  cacheDir = dataDir,
  operatorKey = ANVIL_KEYS[0],
  treasury = DEFAULT_TREASURY,
  withdrawalDelay = DEFAULT_WITHDRAWAL_DELAY,
  force = false,
}) {
  dataDir = resolve(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'deployment.json');
  const artifacts = await compileContracts({ dataDir: cacheDir });
  const codeHash = contractsSourceHash();
  const { chain, account, publicClient, walletClient } = await localClients(rpcUrl, operatorKey);
  const operator = account.address;
  treasury = getAddress(treasury);

  const existing = existsSync(file) ? readDeployment(file) : undefined;
  if (
    !force &&
    existing &&
    existing.chainId === chain.id &&
    existing.codeHash === codeHash &&
    isAddressEqual(existing.operator, operator) &&
    isAddressEqual(existing.treasury, treasury) &&
    (await stillDeployed(publicClient, existing, artifacts))
  ) {
    if (existing.rpcUrl === rpcUrl) return existing;
    return writeDeployment(file, { ...existing, rpcUrl });
  }

  await ensureGas(publicClient, operator);
  const send = (what, args) => confirm(publicClient, walletClient.writeContract(args), what);
  const deploy = async (name, args) => {
    const { abi, bytecode } = artifacts[name];
    const receipt = await confirm(publicClient, walletClient.deployContract({ abi, bytecode, args }), `deploy ${name}`);
    return getAddress(receipt.contractAddress);
  };

  // Fixed addresses: place the runtime code, then initialize (there is no constructor to run).
  await publicClient.request({ method: 'anvil_setCode', params: [USDC_ADDRESS, artifacts.Usdc.deployedBytecode] });
  await send('Usdc.initialize', {
    address: USDC_ADDRESS,
    abi: artifacts.Usdc.abi,
    functionName: 'initialize',
    args: [operator],
  });
  await publicClient.request({
    method: 'anvil_setCode',
    params: [GATEWAY_WALLET_ADDRESS, artifacts.GatewayWallet.deployedBytecode],
  });
  const gw = { address: GATEWAY_WALLET_ADDRESS, abi: artifacts.GatewayWallet.abi };
  await send('GatewayWallet.initialize', { ...gw, functionName: 'initialize', args: [operator, withdrawalDelay] });
  await send('GatewayWallet.addSupportedToken', { ...gw, functionName: 'addSupportedToken', args: [USDC_ADDRESS] });

  const holdingBoxFactory = await deploy('HoldingBoxFactory', [USDC_ADDRESS, operator]);
  const feeWalletFactory = await deploy('FeeWalletFactory', [USDC_ADDRESS, treasury, FEE_WALLET_FEE_BPS]);
  const reputation = await deploy('Reputation', []);

  return writeDeployment(file, {
    chainId: chain.id,
    rpcUrl,
    usdc: getAddress(USDC_ADDRESS),
    gatewayWallet: getAddress(GATEWAY_WALLET_ADDRESS),
    holdingBoxFactory,
    feeWalletFactory,
    reputation,
    operator,
    treasury,
    withdrawalDelay: Number(withdrawalDelay),
    feeWalletFeeBps: Number(FEE_WALLET_FEE_BPS),
    deployedAt: new Date().toISOString(),
    codeHash,
  });
}

function writeDeployment(file, dep) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(dep, null, 2)}\n`);
  renameSync(tmp, file);
  return dep;
}

/**
 * Gives wallets gas, USDC and (optionally) a Gateway deposit.
 * `usdc` ends up in the wallet; `gatewayDeposit` is credited in the Gateway Wallet on top of it:
 * a wallet with a privateKey approves and deposits itself (Circle's deposit path); without a key
 * the operator mints it to itself and uses depositFor.
 * dataDir (optional) only points at the compile cache, so the ABIs need not be recompiled.
 * @param {{ rpcUrl: string, wallets: { address: `0x${string}`, usdc?: bigint, gatewayDeposit?: bigint, privateKey?: `0x${string}` }[], dataDir?: string, operatorKey?: `0x${string}`, usdcAddress?: `0x${string}`, gatewayWallet?: `0x${string}` }} opts
 * @returns {Promise<{ address: `0x${string}`, usdc: bigint, gatewayAvailable: bigint }[]>}
 */
export async function fundWallets({
  rpcUrl,
  wallets,
  dataDir,
  operatorKey = ANVIL_KEYS[0],
  usdcAddress = USDC_ADDRESS,
  gatewayWallet = GATEWAY_WALLET_ADDRESS,
}) {
  const artifacts = await compileContracts({ dataDir });
  const { chain, account: operator, publicClient, walletClient } = await localClients(rpcUrl, operatorKey);
  const usdc = { address: usdcAddress, abi: artifacts.Usdc.abi };
  const gw = { address: gatewayWallet, abi: artifacts.GatewayWallet.abi };
  const asOperator = (what, args) => confirm(publicClient, walletClient.writeContract(args), what);
  await ensureGas(publicClient, operator.address);

  const out = [];
  for (const w of wallets) {
    const address = getAddress(w.address);
    const usdcAmount = w.usdc ?? 0n;
    const deposit = w.gatewayDeposit ?? 0n;
    await ensureGas(publicClient, address);

    if (deposit > 0n && w.privateKey) {
      const own = createWalletClient({
        chain,
        account: privateKeyToAccount(w.privateKey),
        transport: http(rpcUrl),
        pollingInterval: 50,
      });
      if (!isAddressEqual(own.account.address, address)) throw new Error(`privateKey does not belong to ${address}`);
      await asOperator('mint', { ...usdc, functionName: 'mint', args: [address, usdcAmount + deposit] });
      const asSelf = (what, args) => confirm(publicClient, own.writeContract(args), what);
      await asSelf('approve', { ...usdc, functionName: 'approve', args: [gatewayWallet, deposit] });
      await asSelf('deposit', { ...gw, functionName: 'deposit', args: [usdcAddress, deposit] });
    } else {
      if (usdcAmount > 0n) await asOperator('mint', { ...usdc, functionName: 'mint', args: [address, usdcAmount] });
      if (deposit > 0n) {
        await asOperator('mint', { ...usdc, functionName: 'mint', args: [operator.address, deposit] });
        await asOperator('approve', { ...usdc, functionName: 'approve', args: [gatewayWallet, deposit] });
        await asOperator('depositFor', { ...gw, functionName: 'depositFor', args: [usdcAddress, address, deposit] });
      }
    }

    const [balance, available] = await Promise.all([
      publicClient.readContract({ ...usdc, functionName: 'balanceOf', args: [address] }),
      publicClient.readContract({ ...gw, functionName: 'availableBalance', args: [usdcAddress, address] }),
    ]);
    out.push({ address, usdc: balance, gatewayAvailable: available });
  }
  return out;
}
