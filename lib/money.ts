/** USDC has 6 decimals. Inside the code money is a bigint of atomic units; convert only at the edges. */
const UNIT = 1_000_000n;
const DECIMAL = /^(0|[1-9]\d*)(\.\d{1,6})?$/;

/** "1.5" → 1_500_000n. Rejects negatives, more than 6 decimals, exponents and anything not a plain decimal. */
export function parseUsdc(value: string | number): bigint {
  const text = typeof value === "number" ? numberToDecimal(value) : value.trim();
  if (!DECIMAL.test(text)) throw new RangeError(`"${value}" is not a USDC amount (a decimal with at most 6 places)`);
  const [whole, frac = ""] = text.split(".");
  return BigInt(whole!) * UNIT + BigInt((frac + "000000").slice(0, 6));
}

/** 1_500_000n → "1.5"; exact, no float on the way. */
export function formatUsdc(atomic: bigint): string {
  const negative = atomic < 0n;
  const abs = negative ? -atomic : atomic;
  const whole = abs / UNIT;
  const frac = (abs % UNIT).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

/** For fields the interface types as numbers: atomic units rendered as a JS number (exact up to 2^53 atomic). */
export function usdcNumber(atomic: bigint): number {
  return Number(formatUsdc(atomic));
}

/** The treasury's share of `amount` at `feeBps`, rounded down; the creator gets the rest, so nothing is lost. */
export function splitFee(amount: bigint, feeBps: number): { fee: bigint; net: bigint } {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new RangeError(`feeBps ${feeBps} out of range`);
  const fee = (amount * BigInt(feeBps)) / 10_000n;
  return { fee, net: amount - fee };
}

function numberToDecimal(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`${n} is not a USDC amount`);
  // toFixed(6) then trim: 0.1 + 0.2 style noise beyond 6 places is not money.
  return n.toFixed(6).replace(/\.?0+$/, "") || "0";
}
