/** A content id a site may use: 1-200 characters, letters, digits and . _ - : / @ + ~, not starting with a separator. */
export const CONTENT_ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+~-]{0,199}$/;

export function isValidContentId(id: string): boolean {
  return CONTENT_ID.test(id);
}
