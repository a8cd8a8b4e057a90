#!/usr/bin/env node
// Starts (or reuses) the local anvil chain, deploys the contracts, prints the addresses.
// Usage: node scripts/chain.mjs [--port 8545] [--data-dir ./data] [--persist] [--stop]
//   --persist  keep the chain state in <data-dir>/anvil-<port>-state.json across restarts
//   --stop     stop the anvil this data dir started on that port
// anvil keeps running after this command exits; stop it with --stop.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startAnvil, stopAnvil } from './lib/anvil.mjs';
import { deployContracts } from './lib/deploy.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.ANVIL_PORT ?? '8545' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? './data' },
    persist: { type: 'boolean', default: false },
    stop: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const dataDir = resolve(values['data-dir']);

if (values.stop) {
  await stopAnvil({ port, dataDir });
  console.log(`stopped anvil on port ${port}`);
} else {
  const statePath = values.persist ? join(dataDir, `anvil-${port}-state.json`) : undefined;
  const anvil = await startAnvil({ port, dataDir, statePath });
  const dep = await deployContracts({ rpcUrl: anvil.rpcUrl, dataDir });
  console.log(`anvil ${anvil.reused ? 'reused' : 'started'} at ${anvil.rpcUrl} (pid ${anvil.pid})`);
  console.log(JSON.stringify(dep, null, 2));
}
