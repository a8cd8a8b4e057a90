import { describe, expect, it } from "vitest";
import { discardBody } from "./discard-body";

const settlesWithin = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe("discardBody", () => {
  it("settles where awaiting body.cancel() does not: a body teed (as an instrumented fetch clones it) with the other branch unread", async () => {
    const teed = () => {
      const [mine] = new Response("<Error><Code>NoSuchKey</Code></Error>", { status: 404 }).body!.tee();
      return new Response(mine, { status: 404 });
    };
    expect(await settlesWithin(teed().body!.cancel(), 200)).toBe(false);
    expect(await settlesWithin(discardBody(teed()), 200)).toBe(true);
  });

  it("settles on a body already read or absent, and on a body that fails", async () => {
    const read = new Response("x");
    await read.text();
    await discardBody(read);
    await discardBody(new Response(null, { status: 204 }));
    const failing = new Response(new ReadableStream({ pull: (c) => c.error(new Error("reset")) }));
    await expect(discardBody(failing)).resolves.toBeUndefined();
  });
});
