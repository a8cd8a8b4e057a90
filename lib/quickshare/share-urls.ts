import "server-only";
import { env } from "@/lib/env";

/** Absolute URLs of a share's routes on this hub. */
export function shareUrls(slug: string) {
  const base = `${env.HUB_ORIGIN}/quickshare/${slug}`;
  return {
    page: `${env.HUB_ORIGIN}/qs/${slug}`,
    meta: `${base}/meta`,
    manifest: `${base}/manifest`,
    access: `${base}/access`,
    unlock: `${base}/unlock`,
    media: `${base}/media/{kind}?index=N`,
  };
}

/** The media route of one asset (no proof in it: callers add query proof or send the header). */
export function mediaUrl(slug: string, kind: string, index: number): string {
  return `${env.HUB_ORIGIN}/quickshare/${slug}/media/${kind}?index=${index}`;
}

export function coverUrl(slug: string): string {
  return `${env.HUB_ORIGIN}/quickshare/${slug}/cover`;
}
