// The example creator site of the first five minutes: examples/express-site (stock @x402/express,
// selling through this hub's facilitator) run as a child process on loopback, under a name of its
// own (shop.localhost, which browsers resolve to loopback), registered, keyed and verified on the
// hub through its HTTP API exactly as a creator would (sign in, POST /hub/sites/register,
// POST /hub/sites/<id>/facilitator-keys, POST /hub/sites/<id>/verify). Idempotent: the site is
// reused, and the previous demo key is rotated (revoked) rather than piled up.
import path from "node:path";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { spawnChild } from "./children.mjs";
import { nodeBin, waitFor } from "./proc.mjs";

const root = new URL("../..", import.meta.url).pathname;

export const EXAMPLE_SITE_HOST = "shop.localhost";
const KEY_LABEL = "demo example site (npm start)";
const SITE_NAME = "Harbour Notes (example site)";

/** The example site's port for a hub on `appPort` (the test runner uses its own, APP_PORT + 20). */
export const exampleSitePort = (appPort) => Number(appPort) + 20;

/**
 * What the hub needs to reach the example site: its fetcher refuses loopback names, except those
 * SITE_FETCH_ALLOW_HOSTS pins (local development and tests only). Merged into the hub's environment.
 */
export function exampleSiteHubEnv({ port, host = EXAMPLE_SITE_HOST, current = process.env.SITE_FETCH_ALLOW_HOSTS }) {
  const pin = `${host}=127.0.0.1:${port}`;
  return { SITE_FETCH_ALLOW_HOSTS: [current, pin].filter(Boolean).join(",") };
}

async function api(hubUrl, pathName, { method = "GET", json, cookie } = {}) {
  const res = await fetch(new URL(pathName, hubUrl), {
    method,
    headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  let body = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, text, headers: res.headers };
}

function expectStatus(res, statuses, what) {
  if (!statuses.includes(res.status)) throw new Error(`example site: ${what} answered ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

async function signIn(hubUrl, account) {
  const terms = expectStatus(await api(hubUrl, "/auth/nonce"), [200], "nonce").body;
  const message = createSiweMessage({
    address: account.address, chainId: terms.chainId, domain: terms.domain, uri: terms.uri, nonce: terms.nonce,
    statement: terms.statement, version: "1", issuedAt: new Date(), expirationTime: new Date(Date.now() + 5 * 60_000),
  });
  const signature = await account.signMessage({ message });
  const res = expectStatus(await api(hubUrl, "/auth/verify", { method: "POST", json: { message, signature } }), [200], "sign-in");
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** Starts examples/express-site on 127.0.0.1:`port` and resolves once it answers. */
function spawnExample({ port, env, quiet }) {
  // Registered with the start command's children (./children.mjs): stopped with the hub and the chain.
  const child = spawnChild("the example creator site", nodeBin, [path.join(root, "examples/express-site/server.mjs")], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((_, reject) => child.on("exit", (code) => reject(new Error(`the example site exited with ${code}`))));
  exited.catch(() => {});
  return { child, exited };
}

/**
 * Registers the example site on the hub at `hubUrl` (`publicHubUrl`: the hub's address in a browser) for the demo creator (`creatorKey`, an anvil key:
 * local chains only), issues it a facilitator key, starts it on `port` and verifies it. Returns its
 * URLs and a `stop()` that ends the child process. The hub must pin `host` to this port
 * (exampleSiteHubEnv) for the verification to reach it.
 */
export async function startExampleSite({ hubUrl, publicHubUrl = hubUrl, creatorKey, port, host = EXAMPLE_SITE_HOST, quiet = false }) {
  const creator = privateKeyToAccount(creatorKey);
  const cookie = await signIn(hubUrl, creator);

  const registered = expectStatus(await api(hubUrl, "/hub/sites/register", { method: "POST", cookie, json: { domain: host, name: SITE_NAME } }), [200, 201, 409], "register");
  let site = registered.body.site;
  if (!site) {
    const mine = expectStatus(await api(hubUrl, "/hub/sites", { cookie }), [200], "list sites").body.sites ?? [];
    site = mine.find((s) => s.domain === host);
    if (!site) throw new Error(`example site: ${host} is registered to another wallet on this hub`);
  }

  const keys = expectStatus(await api(hubUrl, `/hub/sites/${site.id}/facilitator-keys`, { cookie }), [200], "list facilitator keys").body;
  const previous = keys.keys.find((k) => k.label === KEY_LABEL && !k.revokedAt);
  const issued = expectStatus(
    await api(hubUrl, `/hub/sites/${site.id}/facilitator-keys`, { method: "POST", cookie, json: { label: KEY_LABEL, ...(previous ? { replaces: previous.id } : {}) } }),
    [200, 201],
    "issue a facilitator key",
  ).body;

  const origin = `http://${host}:${port}`;
  const { child, exited } = spawnExample({
    port,
    quiet,
    // The example's own configuration (examples/express-site/README.md): the facilitator URL and key the
    // hub issued, the wallet paid, its public origin (the sales are recorded under it), the hub's paywall.
    env: { FACILITATOR_URL: issued.facilitatorUrl, FACILITATOR_KEY: issued.key, PAY_TO: creator.address, OWNER_WALLET: creator.address, PUBLIC_URL: origin, HUB_URL: publicHubUrl, HOST: "127.0.0.1" },
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", resolve);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  try {
    await Promise.race([exited, waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, { timeoutMs: 30_000, what: `the example site on 127.0.0.1:${port}` })]);
    if (!site.verified) {
      const verified = expectStatus(await api(hubUrl, `/hub/sites/${site.id}/verify`, { method: "POST", cookie, json: { method: "owner-link" } }), [200], "verify");
      if (!verified.body.verified) throw new Error(`example site: verification failed ${JSON.stringify(verified.body.attempts ?? verified.body)}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    origin,
    siteId: site.id,
    creator: creator.address,
    free: `${origin}/articles/free`,
    paid: `${origin}/articles/paid`,
    child,
    stop,
  };
}
