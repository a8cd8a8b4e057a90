import { z } from "zod";
import { blogContext, requireAdmin } from "@/lib/blog/blog-context";
import { requestNow } from "@/lib/http/request-clock";
import { route } from "@/lib/http/route";
import { passAdminData } from "@/lib/passes/pass-admin-data";
import { savePassOffer } from "@/lib/passes/save-pass-offer";
import { passAdminResponse, passOfferBody, passOfferResponse } from "@/lib/schemas/passes";

const params = z.object({ host: z.string() });

// GET /api/admin/pass (blog origin) — the blog's pass offer and the passes sold; admin only
export const GET = route({ params }, async ({ req, params }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return passAdminResponse.parse(await passAdminData({ blog, now: requestNow(req) }));
});

// PUT /api/admin/pass (blog origin) — set the blog's pass: price, duration, on sale or not; admin only
export const PUT = route({ params, body: passOfferBody }, async ({ req, params, body }) => {
  const blog = await blogContext(req, params.host);
  requireAdmin(blog, req);
  return passOfferResponse.parse(await savePassOffer({ blog, input: body }));
});
