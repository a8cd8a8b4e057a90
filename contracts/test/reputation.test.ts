import { isAddressEqual, keccak256, stringToHex } from "viem";
import { describe, expect, it } from "vitest";
import { reputationAbi } from "../../lib/chain/abis";
import { dep, events, expectRevert, newAccount, send } from "./helpers";

const reputation = { address: dep.reputation, abi: reputationAbi } as const;

describe("Reputation", () => {
  it("emits ContentRated with every argument", async () => {
    const rater = await newAccount();
    const contentId = keccak256(stringToHex("content:42"));
    const reviewHash = keccak256(stringToHex("great read"));
    const unlockRef = `0x${"ab".repeat(32)}`;
    const receipt = await send(
      rater.wallet.writeContract({ ...reputation, functionName: "rateContent", args: [contentId, 45, reviewHash, unlockRef] }),
    );
    const rated = events(reputationAbi, receipt)[0]!;
    expect(rated.eventName).toBe("ContentRated");
    expect(rated.args).toMatchObject({ contentId, rating: 45, reviewHash, unlockRef });
    expect(isAddressEqual(rated.args.rater, rater.address)).toBe(true);
  });

  it("accepts 1 and 50, rejects 0 and 51", async () => {
    const rater = await newAccount();
    const id = keccak256(stringToHex("content:bounds"));
    const zero = `0x${"00".repeat(32)}` as const;
    await send(rater.wallet.writeContract({ ...reputation, functionName: "rateContent", args: [id, 1, zero, ""] }));
    await send(rater.wallet.writeContract({ ...reputation, functionName: "rateContent", args: [id, 50, zero, ""] }));
    await expectRevert(rater.wallet.writeContract({ ...reputation, functionName: "rateContent", args: [id, 0, zero, ""] }), "RatingOutOfRange");
    await expectRevert(rater.wallet.writeContract({ ...reputation, functionName: "rateContent", args: [id, 51, zero, ""] }), "RatingOutOfRange");
  });
});
