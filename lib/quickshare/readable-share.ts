import "server-only";
import { ApiError } from "@/lib/http/errors";
import { findShare, type ShareRow } from "./find-share";

/** The share for a public metadata route: 404 unknown or draft, 410 revoked (docs/decisions.md #1); expired shares still describe themselves. */
export async function readableShare({ slug }: { slug: string }): Promise<ShareRow> {
  const share = await findShare({ slug });
  if (!share || share.status === "draft") throw new ApiError("not-found", `No published share with slug ${slug}`);
  if (share.status === "revoked") throw new ApiError("gone", "This share was revoked by its owner");
  return share;
}
