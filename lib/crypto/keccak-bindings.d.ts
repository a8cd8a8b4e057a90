// The `keccak` package's native binding alone (its index.js would fall back to its own JS; we fall back to viem's).
declare module "keccak/bindings";
