export type SiteMeta = { name: string; description: string; faviconUrl: string | null; ogImageUrl: string | null };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", nbsp: " " };

function decode(text: string): string {
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16) || 32);
      if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)) || 32);
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

function attrs(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    out[m[1]!.toLowerCase()] = decode(m[3] ?? m[4] ?? m[5] ?? "");
  }
  return out;
}

/** Tags of one kind in the document head (or the first 256 KB when there is no </head>). */
function headTags(html: string, name: string): Array<Record<string, string>> {
  const end = html.search(/<\/head\s*>/i);
  const head = html.slice(0, end > 0 ? end : 256 * 1024);
  return [...head.matchAll(new RegExp(`<${name}\\b[^>]*>`, "gi"))].map((m) => attrs(m[0]));
}

function absolute(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The `content` values of <meta name|property=…> tags with the given key, in document order. */
export function metaValues(html: string, key: string): string[] {
  const k = key.toLowerCase();
  return headTags(html, "meta")
    .filter((a) => (a.name ?? a.property ?? "").toLowerCase() === k)
    .map((a) => a.content ?? "")
    .filter(Boolean);
}

/**
 * What a site says about itself in its home page head: its name (og:site_name, else <title>), its
 * description (meta description, else og:description), its icon (link rel icon, else /favicon.ico)
 * and its og:image, with relative URLs resolved against the page.
 */
export function readSiteMeta(html: string, pageUrl: string): SiteMeta {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  const first = (...keys: string[]) => keys.map((k) => metaValues(html, k)[0]).find(Boolean);
  const icons = headTags(html, "link").filter((a) => (a.rel ?? "").toLowerCase().split(/\s+/).includes("icon"));
  const name = first("og:site_name", "application-name") ?? (title ? decode(title) : "") ?? "";
  return {
    name: name.slice(0, 120),
    description: (first("description", "og:description") ?? "").slice(0, 500),
    faviconUrl: absolute(icons[0]?.href, pageUrl) ?? absolute("/favicon.ico", pageUrl),
    ogImageUrl: absolute(first("og:image", "twitter:image"), pageUrl),
  };
}
