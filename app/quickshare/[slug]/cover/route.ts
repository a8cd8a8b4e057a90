import { route } from "@/lib/http/route";
import { coverOp } from "@/lib/openapi/paths-quickshare";
import { shareCover } from "@/lib/quickshare/share-cover";

// GET /quickshare/<slug>/cover — the public WebP preview of an image share
export const GET = route(coverOp, ({ params }) => shareCover({ slug: params.slug }));
