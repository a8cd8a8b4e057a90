// The graceful stop over real HTTP: a server wired like server.mjs (the hook in front of the
// handler) is drained while a request is in flight.
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.DATA_DIR = path.join(os.tmpdir(), `hub-lifecycle-test-${process.pid}`);
process.env.LOG_LEVEL = "silent";
const { handleRequest } = await import("./handle-request");
const { lifecycle } = await import("./lifecycle");
const { requestContext } = await import("@/lib/log/request-context");

describe("drain", () => {
  let server: http.Server;
  let base: string;
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) =>
      handleRequest(req, res, async () => {
        seen.push(requestContext.getStore()?.requestId ?? "none");
        if (req.url === "/slow") await held;
        res.end("done");
      }),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("finishes the request in flight, refuses new ones with 503 and Retry-After, then runs its steps", async () => {
    const steps: string[] = [];
    lifecycle().onDrain(() => void steps.push("settler stopped"));
    const slow = fetch(`${base}/slow`, { headers: { "x-request-id": "slow-request-0001" } });
    await expect.poll(() => lifecycle().inFlight).toBe(1);

    let drained = false;
    const draining = lifecycle().drain().then(() => (drained = true));
    const refused = await fetch(`${base}/fast`);
    const probe = await fetch(`${base}/health/ready`); // the readiness probe still reaches its route, which says "draining"
    expect(probe.status).toBe(200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toMatchObject({ code: "shutting-down", error: expect.any(String), details: expect.any(String) });
    expect(drained).toBe(false);
    expect(steps).toEqual([]);

    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("done");
    await draining;
    expect(steps).toEqual(["settler stopped"]);
    expect(lifecycle().inFlight).toBe(0);
    expect(seen).toEqual(["slow-request-0001", expect.any(String)]); // the handler ran inside its request's log context; the refused one never reached it
  });
});
