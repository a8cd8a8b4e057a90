import { z } from "zod";
import { describe, expect, it } from "vitest";
import { answerDrift } from "./answer-drift";

const challenge = z.object({ success: z.literal(true), accepts: z.array(z.object({ payTo: z.string() })), extra: z.record(z.string(), z.unknown()).optional() });

describe("answerDrift", () => {
  it("passes an answer that is exactly its schema (records and loose objects keep any key)", () => {
    expect(answerDrift(challenge, { success: true, accepts: [{ payTo: "0x1" }], extra: { anything: 1 } })).toBeNull();
    expect(answerDrift(z.looseObject({ a: z.number() }), { a: 1, b: 2 })).toBeNull();
  });

  it("names a field the schema does not declare, at any depth (zod would strip it silently)", () => {
    expect(answerDrift(challenge, { success: true, accepts: [], extensions: {} })).toBe("undeclared field extensions");
    expect(answerDrift(challenge, { success: true, accepts: [{ payTo: "0x1", amount: "1" }] })).toBe("undeclared field accepts[0].amount");
  });

  it("names a field of the wrong type or missing", () => {
    expect(answerDrift(challenge, { success: true, accepts: [{ payTo: 1 }] })).toMatch(/^accepts\.0\.payTo: /);
    expect(answerDrift(challenge, { success: true })).toMatch(/^accepts: /);
  });

  it("checks the branch of a union the answer matched", () => {
    const either = z.union([z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b") })]);
    expect(answerDrift(either, { kind: "b" })).toBeNull();
    expect(answerDrift(either, { kind: "b", a: 1 })).toBe("undeclared field a");
  });

  it("passes an answer exactly like any option of a union whose options overlap (zod would keep the first and strip the rest)", () => {
    const paid = z.union([z.object({ success: z.literal(true), payment: z.string() }), z.object({ success: z.literal(true), kind: z.literal("post"), payment: z.string(), post: z.object({ id: z.string() }) })]);
    expect(answerDrift(paid, { success: true, payment: "p" })).toBeNull();
    expect(answerDrift(paid, { success: true, kind: "post", payment: "p", post: { id: "1" } })).toBeNull();
    expect(answerDrift(paid, { success: true, kind: "post", payment: "p", post: { id: "1" }, extra: 1 })).toBe("undeclared fields kind, post, extra");
  });
});
