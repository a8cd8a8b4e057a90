import type { MediaItem } from "./list-media";

export type MediaMetadata = {
  photos: string[];
  hasAudio: boolean;
  audioContentType: string | null;
  hasVideo: boolean;
  videoContentType: string | null;
  hasDocument: boolean;
  documentName: string | null;
  documentSize: number | null;
  documentContentType: string | null;
  items: Array<{ kind: MediaItem["kind"]; index: number; url: string; contentType: string; size: number; fileName: string }>;
};

/** The interface's media metadata fields of a granted read (and a blog teaser), from the resource's media. */
export function mediaMetadata(items: MediaItem[]): MediaMetadata {
  const first = (kind: string) => items.find((m) => m.kind === kind) ?? null;
  const audio = first("music");
  const video = first("video");
  const doc = first("document");
  return {
    photos: items.filter((m) => m.kind === "photo").map((m) => m.url),
    hasAudio: !!audio,
    audioContentType: audio?.contentType ?? null,
    hasVideo: !!video,
    videoContentType: video?.contentType ?? null,
    hasDocument: !!doc,
    documentName: doc?.fileName ?? null,
    documentSize: doc?.size ?? null,
    documentContentType: doc?.contentType ?? null,
    items: items.map((m) => ({ kind: m.kind, index: m.index, url: m.url, contentType: m.contentType, size: m.size, fileName: m.fileName })),
  };
}
