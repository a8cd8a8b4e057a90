import { describe, expect, it } from "vitest";
import { configProblems, formatConfigProblems } from "./env";

describe("configProblems", () => {
  it("accepts an empty environment (every default)", () => {
    expect(configProblems({})).toEqual([]);
  });

  it("names every problem at once: the variable, what is wrong, what a valid value looks like", () => {
    const problems = configProblems({ METRICS_TOKEN: "s".repeat(31), NETWORK_MODE: "prod", PORT: "80a", HUB_ORIGIN: "hub", OPERATOR_WALLETS: "0x12", BLOB_STORE: "s3", S3_BUCKET: "b" });
    expect(problems.map((p) => p.variable)).toEqual(["NETWORK_MODE", "HUB_ORIGIN", "METRICS_TOKEN", "OPERATOR_WALLETS", "PORT", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
    expect(problems[0]).toEqual({ variable: "NETWORK_MODE", problem: 'is not one of the accepted values (got "prod")', valid: "one of testnet, mainnet" });
    expect(problems[1]).toMatchObject({ problem: 'is not a valid URL (got "hub")', valid: expect.stringContaining("https://") });
    expect(problems[4]).toMatchObject({ problem: 'is not a number (got "80a")', valid: expect.stringContaining("1 to 65535") });
    const text = formatConfigProblems(problems);
    expect(text).toMatch(/^Invalid configuration \(8 problems\):\n  NETWORK_MODE: /);
    expect(text).toContain("METRICS_TOKEN: must be at least 32 characters (a value of 31 characters)\n    expected: at least 32 characters");
    expect(text).not.toContain("s".repeat(31)); // a secret's value is never shown
  });

  it("checks the rules across variables on the variables that parsed", () => {
    expect(configProblems({ HUB_TEST_CLOCK: "1", RPC_URL: "https://rpc.example" }).map((p) => p.variable)).toEqual(["HUB_TEST_CLOCK"]);
    expect(configProblems({ HUB_TEST_FAULTS: "1", NETWORK_MODE: "mainnet" }).map((p) => p.variable)).toEqual(["HUB_TEST_FAULTS"]);
    expect(configProblems({ HUB_TEST_CLOCK: "1" })).toEqual([]);
    expect(configProblems({ TRUSTED_PROXIES: "10.0.0.0/8,nope" })).toEqual([
      { variable: "TRUSTED_PROXIES", problem: expect.stringContaining('"nope"'), valid: expect.stringContaining("CIDR") },
    ]);
  });
});
