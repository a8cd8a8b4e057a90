import { route } from "@/lib/http/route";
import { uploadOp } from "@/lib/openapi/paths-quickshare";
import { uploadMedia } from "@/lib/quickshare/upload-media";

// POST /uploads/content?encrypted=1 — encrypted media upload (multipart field file, ≤ 30 MB; images become WebP)
export const POST = route({ ...uploadOp, auth: "session" }, ({ req, session }) => uploadMedia({ req, owner: session.wallet }));
