import "server-only";
import { listMedia, type MediaItem } from "@/lib/access/list-media";
import { mediaUrl } from "./share-urls";

/** A share's media in attach order, each with its per-kind index and media-route URL. */
export function listShareMedia(share: { id: string; slug: string }): Promise<MediaItem[]> {
  return listMedia({ resourceType: "quickshare", resourceId: share.id, urlOf: (kind, index) => mediaUrl(share.slug, kind, index) });
}
