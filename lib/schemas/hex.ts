import { z } from "zod";

/**
 * A `0x`-prefixed hex string of exactly `digits` hex digits (one or more when omitted), whose output is
 * viem's `` `0x${string}` `` (`Address`, `Hex`): parsed values need no cast. `message` is the error for
 * anything else. The JSON Schema is the same `pattern` a regex would give (`^0x[0-9a-fA-F]{40}$`).
 */
export function zHex(message: string, digits?: number) {
  return z.templateLiteral(["0x", z.string().regex(new RegExp(`^[0-9a-fA-F]${digits ? `{${digits}}` : "+"}$`))], { error: message });
}

/** A 20-byte address (`Address`), any letter case. */
export const zAddress = (message = "must be a 0x-prefixed 20-byte hex address") => zHex(message, 40);
