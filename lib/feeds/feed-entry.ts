import { formatUsdc } from "@/lib/money";

/** What a feed says about one item; the body of a paid item is never part of it. */
export type FeedEntry = {
  title: string;
  /** The item's page (also its id). */
  link: string;
  date: Date;
  /** The public teaser (a post's summary, an item's description). */
  summary: string;
  priceAtomic: bigint;
  currency: string;
  author: { name: string; link: string };
  /** Absolute http(s) URL of the cover image, or null. */
  cover: string | null;
  tags: string[];
};

const COVER_TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp", avif: "image/avif", svg: "image/svg+xml" };

/** The text a feed shows for an item: its teaser, led by the price when it is paid ("0.25 USDC — …"). */
export function entrySummary(e: Pick<FeedEntry, "summary" | "priceAtomic" | "currency">): string {
  const summary = e.summary.trim();
  if (e.priceAtomic === 0n) return summary;
  const price = `${formatUsdc(e.priceAtomic)} ${e.currency}`;
  return summary ? `${price} — ${summary}` : price;
}

/** The cover as an enclosure: an absolute http(s) URL (resolved against `origin`) with its image type, or undefined. */
export function coverEnclosure(cover: string | null, origin: string): { url: string; type: string; length: number } | undefined {
  if (!cover) return undefined;
  let url: URL;
  try {
    url = new URL(cover, origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? "";
  return { url: url.href, type: COVER_TYPES[ext] ?? "image/jpeg", length: 0 };
}
