/**
 * Splits the fee on the total of `amounts` (rounded down, as the contract computes it on the box
 * balance) across the rows in proportion to their amounts, handing the rounding remainder out one
 * atomic unit at a time to the largest fractional shares. The stamped fees therefore sum exactly to
 * floor(total × feeBps / 10000), which is what the treasury receives when the box held exactly these rows.
 */
export function allocateFee(amounts: bigint[], feeBps: number): bigint[] {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new RangeError(`feeBps ${feeBps} out of range`);
  const bps = BigInt(feeBps);
  const total = amounts.reduce((a, b) => a + b, 0n);
  const fee = (total * bps) / 10_000n;
  const shares = amounts.map((amount, index) => {
    const exact = amount * bps; // share × 10000
    return { index, floor: exact / 10_000n, rest: exact % 10_000n };
  });
  let left = fee - shares.reduce((a, s) => a + s.floor, 0n);
  const out = shares.map((s) => s.floor);
  for (const s of [...shares].sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))) {
    if (left <= 0n) break;
    out[s.index]! += 1n;
    left -= 1n;
  }
  return out;
}
