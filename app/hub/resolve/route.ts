import { route } from "@/lib/http/route";
import { resolveOp } from "@/lib/openapi/paths-tips";
import { resolveUrl } from "@/lib/tips/resolve-url";

// GET /hub/resolve — the owner wallet of a URL (per-article recipient, else verified domain owner, or share owner)
export const GET = route(resolveOp, ({ query }) => resolveUrl({ url: query.url }));
