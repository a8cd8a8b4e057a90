/** Held tips pay 5% to the treasury when claimed (HoldingBoxFactory.release). */
export const HELD_FEE_BPS = 500;
/** A tip settled at once to a resolved creator: 1% (hosted: split 99/1 by the creator's fee wallet). */
export const RESOLVED_FEE_BPS = 100;
