import { route } from "@/lib/http/route";
import { uploadMedia } from "@/lib/quickshare/upload-media";
import { uploadQuery } from "@/lib/schemas/quickshare";

// POST /uploads/content?encrypted=1 — encrypted media upload (multipart field file, ≤ 30 MB; images become WebP)
export const POST = route({ query: uploadQuery, auth: "session" }, async ({ req, session }) =>
  Response.json(await uploadMedia({ req, owner: session.wallet }), { status: 201 }),
);
