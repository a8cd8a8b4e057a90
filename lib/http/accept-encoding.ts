/**
 * Content negotiation of a response's encoding (RFC 9110 §12.5.3), for the answers the hub keeps
 * compressed or compresses itself: a kept page (lib/edge/page-cache.ts), the content sitemap. gzip is
 * acceptable when Accept-Encoding names it (or `x-gzip`) with a q above 0, or, when it does not name it,
 * names `*` with a q above 0. No header, or a malformed q, is identity.
 */
export function acceptsGzip(header: string | string[] | null | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  let star: boolean | undefined;
  for (const part of value.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";").map((p) => p.trim());
    if (coding !== "gzip" && coding !== "x-gzip" && coding !== "*") continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const acceptable = Number.isFinite(weight) && weight > 0 && weight <= 1;
    if (coding !== "*") return acceptable;
    star ??= acceptable;
  }
  return star ?? false;
}

/** A Vary value with `name` added once (case-insensitive; `*` already varies on everything). */
export function appendVary(current: unknown, name: string): string {
  const list = current === undefined ? [] : String(current).split(",").map((v) => v.trim()).filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase() || v === "*") ? list.join(", ") : [...list, name].join(", ");
}
