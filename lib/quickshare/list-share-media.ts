import "server-only";
import { db } from "@/lib/db";
import type { MediaKind } from "@/lib/schemas/quickshare";
import { mediaUrl } from "./share-urls";

export type ShareMediaItem = {
  id: string;
  /** svc-embed://N: the order the owner attached the files in */
  order: number;
  kind: MediaKind;
  /** index=N of the media route: the position among files of the same kind */
  index: number;
  storageRef: string;
  wrappedKey: string | null;
  contentType: string;
  size: number;
  fileName: string;
  previewRef: string | null;
  url: string;
};

/** A share's media in attach order, each with its per-kind index and media-route URL. */
export async function listShareMedia({ shareId, slug }: { shareId: string; slug: string }): Promise<ShareMediaItem[]> {
  const rows = await db.media.findMany({ where: { resourceType: "quickshare", resourceId: shareId }, orderBy: { position: "asc" } });
  const perKind = new Map<string, number>();
  return rows.map((m) => {
    const index = perKind.get(m.kind) ?? 0;
    perKind.set(m.kind, index + 1);
    return {
      id: m.id, order: m.position, kind: m.kind as MediaKind, index, storageRef: m.storageRef, wrappedKey: m.wrappedKey,
      contentType: m.contentType, size: m.size, fileName: m.fileName, previewRef: m.previewRef, url: mediaUrl(slug, m.kind, index),
    };
  });
}
