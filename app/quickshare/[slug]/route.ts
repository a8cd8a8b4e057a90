import { route } from "@/lib/http/route";
import { revokeShareOp } from "@/lib/openapi/paths-quickshare";
import { revokeShare } from "@/lib/quickshare/revoke-share";

// DELETE /quickshare/<slug> — revoke the share and delete its stored body (owner); reads answer 410 after
export const DELETE = route({ ...revokeShareOp, auth: "session" }, ({ params, session }) => revokeShare({ slug: params.slug, owner: session.wallet }));
