import { route } from "@/lib/http/route";
import { reslugShare } from "@/lib/quickshare/reslug-share";
import { slugParams } from "@/lib/schemas/quickshare";

// POST /quickshare/<slug>/reslug — rotate the slug; the old link answers 404 (owner)
export const POST = route({ params: slugParams, auth: "session" }, ({ params, session }) => reslugShare({ slug: params.slug, owner: session.wallet }));
