// The `secp256k1` package's native binding alone (its index.js would fall back to elliptic; we fall back to viem's curve).
declare module "secp256k1/bindings";
