import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { clearVerifiedHeaders, forgetVerifiedHeader, rememberVerifiedHeader, verifiedHeader, verifiedVersion } from "./verified-headers";

const ref = "media/0123456789abcdef0123456789abcdef";
const wrappedKey = "k1.wrapped";

describe("verified headers", () => {
  beforeEach(() => clearVerifiedHeaders());

  it("answers only for the same blob, key and stored version", () => {
    const header = randomBytes(49);
    rememberVerifiedHeader({ storageRef: ref, wrappedKey, version: "v1", header });
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: "v1" })!.equals(header)).toBe(true);
    expect(verifiedHeader({ storageRef: ref, wrappedKey: "k2.wrapped", version: "v1" })).toBeUndefined();
    expect(verifiedHeader({ storageRef: "media/ffffffffffffffffffffffffffffffff", wrappedKey, version: "v1" })).toBeUndefined();
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: undefined })).toBeUndefined();
  });

  it("forgets a blob once another version of it is seen (replaced, rewritten, truncated)", () => {
    rememberVerifiedHeader({ storageRef: ref, wrappedKey, version: "v1", header: randomBytes(49) });
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: "v2" })).toBeUndefined();
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: "v1" })).toBeUndefined();
  });

  it("names the remembered version of a blob and key, and forgets it when told", () => {
    expect(verifiedVersion({ storageRef: ref, wrappedKey })).toBeUndefined();
    rememberVerifiedHeader({ storageRef: ref, wrappedKey, version: "v1", header: randomBytes(49) });
    expect(verifiedVersion({ storageRef: ref, wrappedKey })).toBe("v1");
    expect(verifiedVersion({ storageRef: ref, wrappedKey: "k2.wrapped" })).toBeUndefined();
    forgetVerifiedHeader({ storageRef: ref, wrappedKey });
    expect(verifiedVersion({ storageRef: ref, wrappedKey })).toBeUndefined();
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: "v1" })).toBeUndefined();
  });

  it("keeps its own copy of the header and nothing from a store that names no version", () => {
    const header = Buffer.alloc(49, 7);
    rememberVerifiedHeader({ storageRef: ref, wrappedKey, version: "v1", header });
    header.fill(0);
    expect(verifiedHeader({ storageRef: ref, wrappedKey, version: "v1" })!.equals(Buffer.alloc(49, 7))).toBe(true);
    rememberVerifiedHeader({ storageRef: "media/ffffffffffffffffffffffffffffffff", wrappedKey, version: undefined, header });
    expect(verifiedHeader({ storageRef: "media/ffffffffffffffffffffffffffffffff", wrappedKey, version: undefined })).toBeUndefined();
  });

  it("is bounded: the least recently used entry goes first", () => {
    const refOf = (i: number) => `media/${i.toString(16).padStart(32, "0")}`;
    for (let i = 0; i < 4096; i++) rememberVerifiedHeader({ storageRef: refOf(i), wrappedKey, version: "v", header: randomBytes(49) });
    expect(verifiedHeader({ storageRef: refOf(0), wrappedKey, version: "v" })).toBeDefined(); // used: now the newest
    rememberVerifiedHeader({ storageRef: refOf(4096), wrappedKey, version: "v", header: randomBytes(49) });
    expect(verifiedHeader({ storageRef: refOf(0), wrappedKey, version: "v" })).toBeDefined();
    expect(verifiedHeader({ storageRef: refOf(1), wrappedKey, version: "v" })).toBeUndefined();
    expect(verifiedHeader({ storageRef: refOf(4096), wrappedKey, version: "v" })).toBeDefined();
  });
});
