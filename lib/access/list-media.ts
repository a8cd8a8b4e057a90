import "server-only";
import { db } from "@/lib/db";
import type { MediaKind } from "@/lib/schemas/quickshare";

export type MediaItem = {
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

/** The media of any gated resource (a share, a blog post) in attach order, with per-kind indexes and URLs from `urlOf`. */
export async function listMedia({ resourceType, resourceId, urlOf }: { resourceType: string; resourceId: string; urlOf: (kind: string, index: number) => string }): Promise<MediaItem[]> {
  const rows = await db.media.findMany({ where: { resourceType, resourceId }, orderBy: { position: "asc" } });
  const perKind = new Map<string, number>();
  return rows.map((m) => {
    const index = perKind.get(m.kind) ?? 0;
    perKind.set(m.kind, index + 1);
    return {
      id: m.id, order: m.position, kind: m.kind as MediaKind, index, storageRef: m.storageRef, wrappedKey: m.wrappedKey,
      contentType: m.contentType, size: m.size, fileName: m.fileName, previewRef: m.previewRef, url: urlOf(m.kind, index),
    };
  });
}
