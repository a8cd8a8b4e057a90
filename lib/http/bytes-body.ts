/** A Buffer as a fetch/Response body without copying (TypeScript's BodyInit wants an ArrayBuffer-backed view). */
export function bytesBody(buf: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buf.buffer as ArrayBuffer, buf.byteOffset, buf.byteLength);
}
