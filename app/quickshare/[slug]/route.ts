import { route } from "@/lib/http/route";
import { revokeShare } from "@/lib/quickshare/revoke-share";
import { slugParams } from "@/lib/schemas/quickshare";

// DELETE /quickshare/<slug> — revoke the share and delete its stored body (owner); reads answer 410 after
export const DELETE = route({ params: slugParams, auth: "session" }, ({ params, session }) => revokeShare({ slug: params.slug, owner: session.wallet }));
