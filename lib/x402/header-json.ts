/**
 * x402's headers (PAYMENT-REQUIRED, PAYMENT-SIGNATURE, PAYMENT-RESPONSE) carry base64 of UTF-8 JSON.
 * @x402/core's portable codec turns every byte into a one-character string: its encoder joins them
 * before `btoa`, its decoder copies `atob`'s string into bytes one at a time before a TextDecoder. For
 * a challenge of a few kilobytes that was about a tenth of a 402's CPU; for the paid unlock's two (the
 * payment read, the receipt written) 4 % of its profile, 19 µs a unlock in a micro-benchmark, about
 * 1 % of its CPU (bench/README.md, session 55). These write and read exactly
 * what the package does (header-json.test.ts compares them), with Node's Buffer doing the base64.
 */

/** Base64 of the value's UTF-8 JSON: byte for byte the package's `encodePaymentRequiredHeader` and `encodePaymentResponseHeader`. */
export function encodeHeaderJson(value: unknown): string {
  return encodeHeaderJsonText(JSON.stringify(value));
}

/** The header for a value already written as JSON (a 402 spliced from its kept challenge). */
export function encodeHeaderJsonText(json: string): string {
  return Buffer.from(json, "utf8").toString("base64");
}

/**
 * Base64 of texts made of kept pieces with short values between them (`pieces[0] + values[0] +
 * pieces[1] + …`): a 402's PAYMENT-REQUIRED is its kept challenge around a SIWX nonce and two times.
 * The whole text is encoded once per layout (each value's UTF-8 length); a later text of that layout
 * re-encodes only the 4-character groups over its values and splices them into the kept base64 (three
 * bytes are four characters, so a group holds bytes of one place only). The answer is byte for byte
 * `encodeHeaderJsonText` of the joined text (header-json.test.ts).
 */
export function base64Template(pieces: readonly string[]): (values: readonly string[]) => string {
  const pieceBytes = pieces.map((piece) => Buffer.byteLength(piece, "utf8"));
  let kept: { lengths: number[]; starts: number[]; bytes: Buffer; base64: string } | undefined;
  return (values) => {
    if (values.length !== pieces.length - 1) throw new Error(`base64Template: ${values.length} values for ${pieces.length} pieces`);
    const lengths = values.map((value) => Buffer.byteLength(value, "utf8"));
    if (!kept || lengths.some((length, i) => length !== kept!.lengths[i])) {
      let text = pieces[0]!;
      const starts: number[] = [];
      let at = pieceBytes[0]!;
      for (let i = 0; i < values.length; i++) {
        starts.push(at);
        at += lengths[i]! + pieceBytes[i + 1]!;
        text += values[i]! + pieces[i + 1]!;
      }
      const bytes = Buffer.from(text, "utf8");
      kept = { lengths, starts, bytes, base64: bytes.toString("base64") };
      return kept.base64;
    }
    const { starts, bytes, base64 } = kept;
    const groupEnd = (i: number) => Math.min(Math.ceil((starts[i]! + lengths[i]!) / 3) * 3, bytes.length);
    let out = "";
    let done = 0; // bytes [0, done) are in `out`
    for (let i = 0; i < values.length; i++) {
      bytes.write(values[i]!, starts[i]!, "utf8");
      const from = Math.floor(starts[i]! / 3) * 3;
      let to = groupEnd(i);
      // A value whose first group this range reaches is encoded with it.
      while (i + 1 < values.length && Math.floor(starts[i + 1]! / 3) * 3 < to) {
        i++;
        bytes.write(values[i]!, starts[i]!, "utf8");
        to = Math.max(to, groupEnd(i));
      }
      out += base64.slice((done / 3) * 4, (from / 3) * 4) + bytes.toString("base64", from, to);
      done = to;
    }
    return out + base64.slice(Math.ceil(done / 3) * 4);
  };
}

// The package's check before it decodes (its `Base64EncodedRegex`).
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The JSON a header holds, read as the package's `decodePaymentSignatureHeader` reads it; throws where
 * it throws. Its `atob` follows the forgiving-base64 rules, which Buffer does not check: a length of
 * 4n may end in one or two `=`, none is allowed elsewhere, and a length of 4n + 1 is refused (Buffer
 * would drop the stray character). Its TextDecoder drops a leading byte-order mark.
 */
export function decodeHeaderJson(value: string): unknown {
  if (!BASE64.test(value)) throw new Error("The header is not base64");
  const data = value.length % 4 === 0 ? value.replace(/={1,2}$/, "") : value;
  if (data.length % 4 === 1 || data.includes("=")) throw new Error("The header is not base64");
  const text = Buffer.from(data, "base64").toString("utf8");
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
