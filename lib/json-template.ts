/**
 * JSON serialised once and filled many times: a value kept for many answers (a 402's challenge, kept
 * per resource, terms and offer window) whose few per-answer strings (a sign-in nonce, its times) are
 * holes. `fill` answers the filled value (copied only along the paths to the holes; the kept value is
 * frozen and shared) and its JSON text, spliced from the kept text without serialising the rest again.
 */
export type JsonTemplate<T> = {
  /** The hole names, in the order they occur in the text. */
  readonly holes: readonly string[];
  /** The kept text around the holes: one more piece than holes (`text` is piece, hole, piece, …, piece). */
  readonly pieces: readonly string[];
  fill(values: Readonly<Record<string, string>>): FilledJson<T>;
};

/**
 * A fill: its JSON text, each hole's value as written into it (in `holes` order), and the filled value,
 * made only when read (an answer written from the text never needs it).
 */
export type FilledJson<T> = { readonly text: string; readonly written: readonly string[]; readonly value: T };

const MARK = "\u0000json-hole:";
// How JSON.stringify writes a hole: its NUL escaped, quoted as a string.
const WRITTEN = /"\\u0000json-hole:([\w.-]+)"/;
const NAME = /^[\w.-]+$/;

/** A hole named `name`, placed where a per-fill string goes (a string value, never an object key). */
export function jsonHole(name: string): string {
  if (!NAME.test(name)) throw new Error(`jsonHole: "${name}" is not a hole name (letters, digits, _ . -)`);
  return MARK + name;
}

type Path = readonly (string | number)[];

export function jsonTemplate<T>(value: T): JsonTemplate<T> {
  const found: { path: Path; name: string }[] = [];
  walk(value, [], found);
  const split = JSON.stringify(value).split(new RegExp(WRITTEN.source, "g")); // text, name, text, name, …, text
  const holes = split.filter((_, i) => i % 2 === 1);
  const pieces = split.filter((_, i) => i % 2 === 0);
  if (holes.length !== found.length) throw new Error("jsonTemplate: a hole is an object key or is not serialised (undefined, a function, a toJSON)");
  deepFreeze(value);
  return {
    holes,
    pieces,
    fill(values) {
      const written = holes.map((name) => JSON.stringify(valueOf(values, name)));
      let text = pieces[0]!;
      for (let i = 0; i < written.length; i++) text += written[i]! + pieces[i + 1]!;
      const given = { ...values }; // the value, made later, is of this fill's strings
      return new Filled(text, written, () => fillValue(value, found, given));
    },
  };
}

// A class, not an object literal with a getter: V8 defines a literal's accessor at run time each time the
// literal is made (430–450 ns in a micro-benchmark, against a few ns for a class instance; session 60).
class Filled<T> implements FilledJson<T> {
  #make: (() => T) | undefined;
  #value: T | undefined;
  constructor(
    readonly text: string,
    readonly written: readonly string[],
    make: () => T,
  ) {
    this.#make = make;
  }

  get value(): T {
    if (this.#make) {
      this.#value = this.#make();
      this.#make = undefined;
    }
    return this.#value as T;
  }
}

function valueOf(values: Readonly<Record<string, string>>, name: string): string {
  const v = values[name];
  if (typeof v !== "string") throw new Error(`jsonTemplate: no string for the hole "${name}"`);
  return v;
}

function walk(node: unknown, path: Path, found: { path: Path; name: string }[]) {
  if (typeof node === "string") {
    if (node.startsWith(MARK)) found.push({ path, name: node.slice(MARK.length) });
  } else if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i], found));
  else if (node && typeof node === "object") for (const [k, child] of Object.entries(node)) walk(child, [...path, k], found);
}

/** The kept value with its holes filled: containers on a hole's path are copied, everything else shared. */
function fillValue<T>(root: T, found: readonly { path: Path; name: string }[], values: Readonly<Record<string, string>>): T {
  if (found.length === 0) return root;
  const copies = new Map<object, Record<string | number, unknown>>();
  const copyOf = (node: object) => {
    let copy = copies.get(node);
    if (!copy) copies.set(node, (copy = (Array.isArray(node) ? [...node] : { ...node }) as Record<string | number, unknown>));
    return copy;
  };
  if (found.some(({ path }) => path.length === 0)) return valueOf(values, found[0]!.name) as T; // the value is itself a hole
  const out = copyOf(root as object);
  for (const { path, name } of found) {
    let original = root as Record<string | number, unknown>;
    let copy = out;
    for (const key of path.slice(0, -1)) {
      const child = original[key] as Record<string | number, unknown>;
      copy = copy[key] = copyOf(child);
      original = child;
    }
    copy[path[path.length - 1]!] = valueOf(values, name);
  }
  return out as T;
}

function deepFreeze(node: unknown) {
  if (!node || typeof node !== "object" || Object.isFrozen(node)) return;
  Object.freeze(node);
  for (const child of Object.values(node)) deepFreeze(child);
}
