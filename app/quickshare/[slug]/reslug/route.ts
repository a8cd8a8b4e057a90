import { route } from "@/lib/http/route";
import { reslugOp } from "@/lib/openapi/paths-quickshare";
import { reslugShare } from "@/lib/quickshare/reslug-share";

// POST /quickshare/<slug>/reslug — rotate the slug; the old link answers 404 (owner)
export const POST = route({ ...reslugOp, auth: "session" }, ({ params, session }) => reslugShare({ slug: params.slug, owner: session.wallet }));
