/*
 * The local scorer's text normalisation: lowercase, accents folded, split on anything that is not a
 * letter or digit, English stopwords dropped, a light suffix stemmer (plural, -ed, -ing, -ly, -ies),
 * and negation scoping: the words after not/no/never/without… (up to the next punctuation, at most
 * two) and a few un-words (unverified, unknown…) become `not_<stem>`, so "not verified" does not
 * count as evidence for "verified".
 */

const STOPWORDS = new Set(
  ("a an and are as at be been being but by can could did do does for from had has have he her his how i if in into is it its " +
    "itself just me more most my of on once only or other our ours out over own same she should so some such than that the their " +
    "them then there these they this those through to too under until up very was we were what when where which while who whom why " +
    "will with would you your yours about above after again against all am any because before below between both down during each " +
    "few further here off s t").split(" "),
);

const NEGATORS = new Set(["not", "no", "never", "without", "cannot", "nor", "isn", "aren", "wasn", "weren", "doesn", "don", "didn", "hasn", "haven", "hadn", "won", "wouldn", "shouldn", "couldn"]);

// "un-" words whose negation matters to the decisions the hub makes; a blanket "un" rule would break under, unit, unlock…
const UN_WORDS: Record<string, string> = {
  unverified: "verify", unresolved: "resolve", unknown: "know", unpaid: "paid", unclaimed: "claim", unpublished: "publish",
  unsigned: "sign", unconfirmed: "confirm", unavailable: "available", unregistered: "register", unowned: "own", unlisted: "list",
  unrelated: "relate", unfunded: "fund", invalid: "valid", unsupported: "support",
};

/** A light English stemmer: enough to join verified/verifies/verify, settle/settled/settling and tips/tip. */
export function stem(word: string): string {
  const w = strip(word);
  // A final e goes too (Porter's step 5), so settle and settl(ed) meet.
  return w.length > 4 && w.endsWith("e") ? w.slice(0, -1) : w;
}

function strip(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && w.endsWith("ied")) return `${w.slice(0, -3)}y`;
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.length > 5 && w.endsWith("ing")) {
    w = w.slice(0, -3);
    return undouble(w);
  }
  if (w.length > 4 && w.endsWith("ed")) {
    w = w.slice(0, -2);
    if (w.endsWith("e")) return w;
    return undouble(w);
  }
  if (w.length > 4 && w.endsWith("ly")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}

function undouble(w: string) {
  // settl(ing) → settle is not recoverable lexically; shipp(ed) → ship is.
  if (w.length > 3 && w.at(-1) === w.at(-2) && !"lsz".includes(w.at(-1)!)) return w.slice(0, -1);
  return w;
}

/** Normalised tokens of a text, in order (duplicates kept: counts matter). */
export function tokenize(text: string): string[] {
  const folded = text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
  const out: string[] = [];
  let negate = 0;
  // Split into words and clause punctuation; punctuation ends a negation scope.
  for (const m of folded.matchAll(/[\p{L}\p{N}]+|[.,;:!?()\n]/gu)) {
    const raw = m[0];
    if (/^[.,;:!?()\n]$/.test(raw)) {
      negate = 0;
      continue;
    }
    if (NEGATORS.has(raw)) {
      negate = 2;
      continue;
    }
    if (UN_WORDS[raw]) {
      out.push(`not_${stem(UN_WORDS[raw])}`);
      continue;
    }
    if (STOPWORDS.has(raw) || (raw.length < 2 && !/\d/.test(raw))) continue;
    const s = stem(raw);
    if (negate > 0) {
      out.push(`not_${s}`);
      negate--;
    } else out.push(s);
  }
  return out;
}

/** Term counts of a token list. */
export function termCounts(tokens: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}
