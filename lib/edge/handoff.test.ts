import { describe, expect, it } from "vitest";
import { closeHandoff, dropClientHandoff, HANDOFF_HEADER, handOff, keepPage, offerKeep, takeHandoff } from "./handoff";

describe("the handoff between the edge and the page", () => {
  it("hands a value to the request's page once, by kind", () => {
    const h = new Headers();
    handOff(h, "share-page", { slug: "abc" });
    expect(h.get(HANDOFF_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(takeHandoff(h, "other-kind")).toBeUndefined();
    expect(takeHandoff(h, "share-page")).toEqual({ slug: "abc" });
    expect(takeHandoff(h, "share-page")).toBeUndefined(); // taken
  });

  it("gives nothing for a request without one, a made-up id or a client's own header", () => {
    expect(takeHandoff(new Headers(), "share-page")).toBeUndefined();
    expect(takeHandoff(new Headers({ [HANDOFF_HEADER]: "00000000-0000-4000-8000-000000000000" }), "share-page")).toBeUndefined();
    // A client sends an id it saw: the edge drops the header before it hands anything over.
    const mine = new Headers();
    handOff(mine, "share-page", { slug: "secret" });
    const forged = new Headers({ [HANDOFF_HEADER]: mine.get(HANDOFF_HEADER)! });
    dropClientHandoff(forged);
    expect(takeHandoff(forged, "share-page")).toBeUndefined();
    expect(takeHandoff(mine, "share-page")).toEqual({ slug: "secret" });
  });

  it("expires a value whose page never rendered, and sweeps it when the next one is handed over", () => {
    const t0 = 1_000_000;
    const old = new Headers();
    handOff(old, "share-page", 1, t0);
    expect(takeHandoff(old, "share-page", t0 + 10_001)).toBeUndefined();
    const stale = new Headers();
    handOff(stale, "share-page", 2, t0);
    handOff(new Headers(), "share-page", 3, t0 + 20_000); // sweeps the expired one
    expect(takeHandoff(stale, "share-page", t0)).toBeUndefined();
  });

  it("carries the page's word on keeping its render back to the page cache, on the same id as the values", () => {
    const h = new Headers();
    const id = offerKeep(h);
    handOff(h, "share-page", { slug: "abc" });
    expect(h.get(HANDOFF_HEADER)).toBe(id);
    expect(takeHandoff(h, "share-page")).toEqual({ slug: "abc" });
    const onHit = () => {};
    keepPage(h, { until: new Date(5_000), onHit });
    expect(closeHandoff(id)).toEqual({ keep: true, until: 5_000, onHit });
    expect(closeHandoff(id)).toBeUndefined(); // gone with its response
  });

  it("keeps nothing the page cache did not offer, and an offer the page did not take stays unkept", () => {
    const h = new Headers();
    handOff(h, "share-page", 1);
    keepPage(h);
    expect(closeHandoff(h.get(HANDOFF_HEADER)!)).toBeUndefined();
    const offered = new Headers();
    expect(closeHandoff(offerKeep(offered))).toEqual({ keep: false });
    keepPage(new Headers({ [HANDOFF_HEADER]: "00000000-0000-4000-8000-000000000000" })); // a made-up id: nothing
  });
});
