#!/usr/bin/env node
// Checks the configuration in the environment against lib/env.ts's schema and names every problem.
// Exit 0: valid (or the checker is not installed: the server checks again at its start); 1: invalid.
// Used by server.mjs before it starts Next; handy in a container's entrypoint: `node scripts/check-config.mjs && node server.mjs`.
import { configProblems } from "./lib/config.mjs";

const checked = await configProblems(process.env);
if (checked?.problems.length) {
  console.error(checked.message);
  process.exit(1);
}
