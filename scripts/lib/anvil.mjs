// Starts (or reuses) a local anvil bound to 127.0.0.1, and stops it by PID.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { SOLC_SETTINGS } from './compile.mjs';

const require = createRequire(import.meta.url);

/** The anvil binary of this platform's @foundry-rs package (ANVIL_BIN overrides). */
export function anvilBinary() {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  let dir;
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`anvil is not installed for ${process.platform}/${process.arch} (${pkg}); run npm install`);
  }
  return join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

const pidFile = (dataDir, port) => join(dataDir, `anvil-${port}.pid`);

/** @returns {Promise<number | undefined>} the chain id answered at rpcUrl, or undefined if nothing answers */
export async function rpcChainId(rpcUrl, timeoutMs = 1000) {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.json();
    return typeof body.result === 'string' ? Number(BigInt(body.result)) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a live anvil (guards against a recycled PID on Linux). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // Guard against a recycled PID: on Linux, check that it still is an anvil.
  const cmdline = `/proc/${pid}/cmdline`;
  if (process.platform === 'linux' && existsSync(cmdline)) {
    try {
      return readFileSync(cmdline, 'utf8').includes('anvil');
    } catch {
      return false;
    }
  }
  return true;
}

/** The PID in this data dir's anvil PID file for `port`, if any (alive or not). */
export function readPid(dataDir, port) {
  const file = pidFile(dataDir, port);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function waitFor(check, { timeoutMs, intervalMs = 50, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

async function killPid(pid, timeoutMs = 5000) {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  try {
    await waitFor(() => !isAlive(pid), { timeoutMs, what: `anvil ${pid} to exit` });
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * The chain runs the hardfork our contracts are compiled for (cancun), not anvil's default (Prague). anvil
 * computes each block's state root from the whole state, and on Prague the EIP-2935 history contract keeps
 * one more storage slot every block, up to 8,191: a transfer that cost anvil 2.3 ms of CPU at the start
 * cost 12.8 ms after 8,000 blocks; on cancun 1.0 → 1.9 ms (bench/README.md, session 56). Old states stay
 * (no `--prune-history`): the hub reads the chain pinned to a block it has just seen, which may no longer
 * be the head.
 */
const HARDFORK = ['--hardfork', SOLC_SETTINGS.evmVersion];

/**
 * @param {{ port?: number, chainId?: number, dataDir: string, statePath?: string, detached?: boolean, timeoutMs?: number }} opts
 *   statePath: pass to `anvil --state` so the chain survives restarts (loaded at start, dumped at exit).
 *   detached (default true): anvil outlives this process (the CLI prints addresses and exits); stop it with stopAnvil.
 *   onSpawn: called with anvil's PID as soon as it is spawned (its PID file is written then too), so a
 *   caller can stop it even while waiting for it to answer.
 * @returns {Promise<{ rpcUrl: string, pid: number | undefined, reused: boolean, stop: () => Promise<void> }>}
 */
export async function startAnvil({ port = 8545, chainId = 5042002, dataDir, statePath, detached = true, timeoutMs = 20_000, onSpawn }) {
  if (!dataDir) throw new Error('startAnvil: dataDir is required');
  dataDir = resolve(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const rpcUrl = `http://127.0.0.1:${port}`;

  const answered = await rpcChainId(rpcUrl);
  const oldPid = readPid(dataDir, port);
  if (oldPid && isAlive(oldPid) && answered === chainId) {
    return { rpcUrl, pid: oldPid, reused: true, stop: () => stopAnvil({ port, dataDir }) };
  }
  if (answered !== undefined && oldPid && isAlive(oldPid)) {
    throw new Error(`the anvil this data dir started on port ${port} runs chain ${answered}, not ${chainId}; stop it first`);
  }
  if (answered !== undefined) {
    // Something we did not start holds the port: never kill it, never deploy onto a foreign chain.
    throw new Error(
      `port ${port} is already served by a node with chain id ${answered} that this data dir did not start; ` +
        `stop it or choose another port`,
    );
  }
  if (oldPid) rmSync(pidFile(dataDir, port), { force: true });

  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), ...HARDFORK];
  if (statePath) args.push('--state', resolve(statePath));
  const logPath = join(dataDir, `anvil-${port}.log`);
  const logFd = openSync(logPath, 'w');
  const child = spawn(anvilBinary(), args, { detached, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const spawnError = new Promise((_, reject) => child.on('error', reject));
  if (detached) child.unref();
  if (child.pid) {
    writeFileSync(pidFile(dataDir, port), `${child.pid}\n`);
    onSpawn?.(child.pid);
  }

  try {
    await Promise.race([
      spawnError,
      waitFor(
        async () => {
          if (exited) throw new Error(`anvil exited (${exited.code ?? exited.signal}):\n${tail(logPath)}`);
          return (await rpcChainId(rpcUrl, 500)) === chainId;
        },
        { timeoutMs, what: `anvil on ${rpcUrl}` },
      ),
    ]);
  } catch (err) {
    if (!exited && child.pid) await killPid(child.pid);
    rmSync(pidFile(dataDir, port), { force: true });
    throw err;
  }
  return { rpcUrl, pid: child.pid, reused: false, stop: () => stopAnvil({ port, dataDir }) };
}

/** Stops the anvil whose PID file is in dataDir for this port (if it is still alive), and removes the file. */
export async function stopAnvil({ port = 8545, dataDir }) {
  dataDir = resolve(dataDir);
  const pid = readPid(dataDir, port);
  if (pid) await killPid(pid);
  rmSync(pidFile(dataDir, port), { force: true });
}

function tail(path, lines = 20) {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
