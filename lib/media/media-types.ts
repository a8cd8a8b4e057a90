// What an upload may be: read by the server (lib/quickshare/upload-media.ts, the authority) and by
// the browser's upload fields, which refuse a file before sending it with the same words.

/** 30 MB: the largest media file. */
export const MEDIA_MAX_BYTES = 30 * 1024 * 1024;

// Documents are served from the hub's own origin: only types a browser will not run as a page.
export const SAFE_DOCUMENT_TYPES = new Set([
  "application/pdf", "text/plain", "text/csv", "text/markdown", "application/json", "application/zip", "application/epub+zip",
  "application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint", "application/rtf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
]);
export const VIDEO_TYPES = new Set(["video/mp4", "video/webm", "video/ogg", "video/quicktime"]);
export const AUDIO_TYPES = new Set(["audio/mpeg", "audio/mp4", "audio/aac", "audio/ogg", "audio/wav", "audio/x-wav", "audio/webm", "audio/flac"]);

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * Why a file cannot be uploaded, checked before any byte is sent (size and type), or null. The
 * server checks the same again, and more (that an image decodes).
 */
export function uploadProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MEDIA_MAX_BYTES) return `${file.name} is ${mb(file.size)}; a file may be at most 30 MB.`;
  const mime = (file.type || "application/octet-stream").split(";")[0]!.trim().toLowerCase();
  if (mime.startsWith("audio/") && !AUDIO_TYPES.has(mime)) return `${file.name} is ${mime}; audio must be MP3, M4A, AAC, OGG, WAV, WebM or FLAC.`;
  if (mime.startsWith("video/") && !VIDEO_TYPES.has(mime)) return `${file.name} is ${mime}; video must be MP4, WebM, OGG or QuickTime.`;
  return null;
}
