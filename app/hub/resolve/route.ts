import { route } from "@/lib/http/route";
import { resolveQuery } from "@/lib/schemas/tips";
import { resolveUrl } from "@/lib/tips/resolve-url";

// GET /hub/resolve — the owner wallet of a URL (per-article recipient, else verified domain owner, or share owner)
export const GET = route({ query: resolveQuery }, ({ query }) => resolveUrl({ url: query.url }));
