import { z } from "zod";

/** `?download=` on every media route (shares and hosted posts alike): 1 or true asks for an attachment. */
export const downloadParam = z
  .enum(["1", "0", "true", "false"])
  .optional()
  .meta({ description: "1 (or true): Content-Disposition attachment; 0, false or absent: inline" });

/** What a parsed `download` asks for (the one reading of downloadParam). */
export function wantsDownload(download: z.infer<typeof downloadParam>): boolean {
  return download === "1" || download === "true";
}
