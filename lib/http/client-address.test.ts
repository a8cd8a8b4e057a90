import { afterEach, describe, expect, it, vi } from "vitest";

async function addressOf(trusted: string, headers: Record<string, string>) {
  vi.resetModules();
  vi.stubEnv("TRUSTED_PROXIES", trusted);
  vi.stubEnv("SESSION_PASSWORD", "s".repeat(32));
  vi.stubEnv("UNLOCK_PROOF_SECRET", "u".repeat(32));
  vi.stubEnv("PEER_SECRET", "p".repeat(32));
  vi.stubEnv("BLOB_KEY", "0".repeat(64));
  const { clientAddress } = await import("./client-address");
  return clientAddress(new Request("http://hub.test/x", { headers }));
}

afterEach(() => vi.unstubAllEnvs());

describe("clientAddress", () => {
  it.each([
    ["no proxies: the peer, whatever XFF says", "", { "x-hub-peer-addr": "203.0.113.7", "x-forwarded-for": "1.2.3.4" }, "203.0.113.7"],
    ["no proxies: IPv4-mapped peers are plain IPv4", "", { "x-hub-peer-addr": "::ffff:203.0.113.7" }, "203.0.113.7"],
    ["no peer header at all", "", {}, "unknown-peer"],
    ["a trusted peer: the hop before it", "127.0.0.1", { "x-hub-peer-addr": "127.0.0.1", "x-forwarded-for": "9.9.9.9, 198.51.100.4" }, "198.51.100.4"],
    ["an untrusted peer: XFF ignored", "10.0.0.0/8", { "x-hub-peer-addr": "203.0.113.7", "x-forwarded-for": "9.9.9.9" }, "203.0.113.7"],
    ["a chain of trusted proxies", "10.0.0.0/8", { "x-hub-peer-addr": "10.0.0.2", "x-forwarded-for": "9.9.9.9, 198.51.100.4, 10.0.0.1" }, "198.51.100.4"],
    ["a trusted peer, no XFF: the peer", "127.0.0.1", { "x-hub-peer-addr": "127.0.0.1" }, "127.0.0.1"],
    ["hop count 1", "1", { "x-hub-peer-addr": "10.1.1.1", "x-forwarded-for": "9.9.9.9, 198.51.100.4" }, "198.51.100.4"],
    ["hop count 2", "2", { "x-hub-peer-addr": "10.1.1.1", "x-forwarded-for": "9.9.9.9, 198.51.100.4" }, "9.9.9.9"],
    ["hop count beyond the chain: the left-most", "5", { "x-hub-peer-addr": "10.1.1.1", "x-forwarded-for": "9.9.9.9" }, "9.9.9.9"],
  ])("%s", async (_n, trusted, headers, expected) => {
    expect(await addressOf(trusted, headers)).toBe(expected);
  });
});
