import { z } from "zod";

/**
 * Where a JSON answer differs from its declared schema: the schema's own issues, or a field the
 * schema does not declare (zod strips those silently, so they are looked for by comparing the answer
 * with what parsing kept). Null when the answer is exactly what the document says.
 */
export function answerDrift(schema: z.ZodType, answer: unknown): string | null {
  // Options that overlap (`{ success, payment }` beside `{ success, kind, payment, … }`): zod keeps the first
  // option that parses and strips what only a later one declares, so an answer exactly like any option passes.
  if (schema instanceof z.ZodUnion && (schema.options as readonly z.ZodType[]).some((option) => answerDrift(option, answer) === null)) return null;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`).join("; ");
  const extra = undeclared(answer, parsed.data, "");
  return extra.length ? `undeclared field${extra.length > 1 ? "s" : ""} ${extra.join(", ")}` : null;
}

function undeclared(raw: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(raw) && Array.isArray(kept)) return raw.flatMap((v, i) => undeclared(v, kept[i], `${at}[${i}]`));
  if (!isObject(raw) || !isObject(kept)) return [];
  return Object.keys(raw).flatMap((k) => {
    const path = at ? `${at}.${k}` : k;
    return k in kept ? undeclared(raw[k], kept[k], path) : [path];
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
