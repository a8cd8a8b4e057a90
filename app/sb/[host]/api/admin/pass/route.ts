import { blogAdmin } from "@/lib/blog/blog-scope";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { passAdminOp, passOfferOp } from "@/lib/openapi/paths-passes";
import { passAdminData } from "@/lib/passes/pass-admin-data";
import { savePassOffer } from "@/lib/passes/save-pass-offer";

// GET /api/admin/pass (blog origin) — the blog's pass offer and the passes sold; admin only
export const GET = route({ ...passAdminOp, auth: blogAdmin }, async ({ req, blog }) => passAdminData({ blog, now: requestNow(req) }));

// PUT /api/admin/pass (blog origin) — set the blog's pass: price, duration, on sale or not; admin only
export const PUT = route({ ...passOfferOp, auth: blogAdmin }, async ({ body, blog }) => savePassOffer({ blog, input: body }));
