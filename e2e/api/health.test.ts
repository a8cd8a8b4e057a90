// GET /health/ready: the readiness check a load balancer polls. The test hub checks every JSON answer
// against its declared schema (HUB_CHECK_ANSWERS), so a field the document does not declare answers 500.
import { describe, expect, it } from "vitest";
import { api } from "../support/hub";

describe("GET /health/ready", () => {
  it("answers 200 with exactly the declared readiness once the database, the chain and the settler are up, never cached", async () => {
    const res = await api<Record<string, unknown>>("/health/ready");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({ ready: true, draining: false, database: "ok", chain: "ok", settler: expect.stringMatching(/^(running|off)$/) });
  });
});
