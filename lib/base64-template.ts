/**
 * Base64 of a JSON text made of kept parts and a few per-answer values, with the kept parts encoded
 * once. Base64 turns every 3 bytes into 4 characters on its own, so base64(a + b) is base64(a) +
 * base64(b) whenever a's length in bytes is a multiple of 3. Each part but the last is made so by
 * trailing spaces, which JSON allows where they go: a kept part ends where a value starts (after `:`,
 * `,`, `[` or `{`), a value ends where a kept part goes on (before `,`, `]` or `}`). The decoded text
 * is the same JSON with spaces between some tokens.
 *
 * Used for the PAYMENT-REQUIRED header of a 402 (lib/x402/build-challenge.ts): about 8 KB of JSON
 * kept per resource, terms and window, around a sign-in nonce and its times; encoding only the values
 * spares each 402 a UTF-8 copy and a base64 encoding of the whole text (bench/README.md, session 54).
 */
export type Base64Template = {
  /** Base64 of kept[0] + values[0] + kept[1] + … + values[n-1] + kept[n] (padded as above). */
  encode(values: readonly string[]): string;
};

/**
 * `kept` are the parts between the values, each at a place where JSON allows whitespace at its end
 * (but the last); `kept[0]` may be empty (a text that starts with a value).
 */
export function base64Template(kept: readonly string[]): Base64Template {
  if (kept.length === 0) throw new Error("base64Template: at least one kept part");
  const encoded = kept.map((part, i) => Buffer.from(i === kept.length - 1 ? part : padded(part), "utf8").toString("base64"));
  return {
    encode(values) {
      if (values.length !== kept.length - 1) throw new Error(`base64Template: ${kept.length - 1} values expected, ${values.length} given`);
      let out = encoded[0]!;
      for (let i = 0; i < values.length; i++) out += Buffer.from(padded(values[i]!), "utf8").toString("base64") + encoded[i + 1]!;
      return out;
    },
  };
}

/** `text` with as many trailing spaces (0–2) as make its UTF-8 length a multiple of 3. */
function padded(text: string): string {
  const rest = Buffer.byteLength(text, "utf8") % 3;
  return rest === 0 ? text : text + "  ".slice(rest - 1);
}
