// Compiles contracts/*.sol with the npm solc package (wasm, offline) and caches the result.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTRACTS_DIR = fileURLToPath(new URL('../../contracts/', import.meta.url));

// Pinned: the deployed code and the CREATE2 init code hashes in lib/chain/abis.ts depend on them.
// No CBOR metadata: comment-only edits then leave the bytecode (and predicted addresses) unchanged.
export const SOLC_SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

/** @returns {Record<string, string>} file name -> source, for contracts/*.sol (tests live elsewhere) */
export function readSources(dir = CONTRACTS_DIR) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sol')).sort();
  return Object.fromEntries(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

/** A hash of the sources and compiler settings: the cache key and deployment.json's codeHash. */
export function contractsSourceHash(sources = readSources()) {
  const h = createHash('sha256');
  h.update(JSON.stringify(SOLC_SETTINGS));
  h.update(solcVersionHint());
  for (const [name, text] of Object.entries(sources)) h.update(`\0${name}\0${text}`);
  return `0x${h.digest('hex')}`;
}

function solcVersionHint() {
  // Read from package.json instead of loading the 8 MB compiler just to key the cache.
  const pkg = new URL('../../node_modules/solc/package.json', import.meta.url);
  return existsSync(pkg) ? JSON.parse(readFileSync(pkg, 'utf8')).version : 'unknown';
}

/**
 * @typedef {{ abi: any[], bytecode: `0x${string}`, deployedBytecode: `0x${string}` }} Artifact
 * @param {{ dataDir?: string, contractsDir?: string }} [opts]
 * @returns {Promise<Record<string, Artifact>>}
 */
export async function compileContracts({ dataDir, contractsDir = CONTRACTS_DIR } = {}) {
  const sources = readSources(contractsDir);
  const hash = contractsSourceHash(sources);
  const cacheFile = dataDir ? join(dataDir, 'artifacts.json') : undefined;
  const cached = cacheFile ? readCache(cacheFile, hash) : undefined;
  const artifacts = memo.get(hash) ?? cached ?? (await compile(sources, contractsDir));
  memo.set(hash, artifacts);
  if (cacheFile && !cached) {
    mkdirSync(dataDir, { recursive: true });
    // Write then rename, so a concurrent reader never sees half a file.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ hash, artifacts }));
    renameSync(tmp, cacheFile);
  }
  return artifacts;
}

// Same sources, same process: compile once (fundWallets and deployContracts both need the ABIs).
const memo = new Map();

function readCache(cacheFile, hash) {
  if (!existsSync(cacheFile)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8'));
    return cached.hash === hash ? cached.artifacts : undefined;
  } catch {
    return undefined; // a torn or foreign file: recompile and overwrite it
  }
}

async function compile(sources, contractsDir) {
  const solc = await loadSolc();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([f, content]) => [f, { content }])),
    settings: SOLC_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: (p) => importFrom(contractsDir, p) }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  /** @type {Record<string, Artifact>} */
  const artifacts = {};
  for (const file of Object.keys(output.contracts ?? {}).sort()) {
    for (const [name, c] of Object.entries(output.contracts[file])) {
      // Interfaces (no bytecode) and internal-only libraries (empty ABI) are not deployable artifacts.
      if (!c.evm.bytecode.object || c.abi.length === 0) continue;
      artifacts[name] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  return artifacts;
}

// soljson.js installs process-wide handlers that rethrow any unhandled rejection; take them off again
// so that loading the compiler does not change how the host process (a test runner, a dev server) fails.
async function loadSolc() {
  const events = ['unhandledRejection', 'uncaughtException'];
  const before = Object.fromEntries(events.map((e) => [e, process.listeners(e)]));
  const { default: solc } = await import('solc');
  for (const e of events) {
    for (const l of process.listeners(e)) if (!before[e].includes(l)) process.removeListener(e, l);
  }
  return solc;
}

function importFrom(dir, path) {
  const full = join(dir, path.replace(/^\.\//, ''));
  return existsSync(full) ? { contents: readFileSync(full, 'utf8') } : { error: `not found: ${path}` };
}
