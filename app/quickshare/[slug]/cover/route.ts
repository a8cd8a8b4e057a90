import { route } from "@/lib/http/route";
import { shareCover } from "@/lib/quickshare/share-cover";
import { slugParams } from "@/lib/schemas/quickshare";

// GET /quickshare/<slug>/cover — the public WebP preview of an image share
export const GET = route({ params: slugParams }, ({ params }) => shareCover({ slug: params.slug }));
