import { route } from "@/lib/http/route";
import { createShareOp } from "@/lib/openapi/paths-quickshare";
import { createShare } from "@/lib/quickshare/create-share";

// The JSON envelope may be several times the 512 KB content limit (escapes); the content itself is checked exactly.
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

// POST /quickshare — create an encrypted, expiring share (session of the owner)
export const POST = route({ ...createShareOp, auth: "session", maxBodyBytes: MAX_REQUEST_BYTES }, async ({ body, session }) => ({
  success: true as const,
  share: await createShare({ owner: session.wallet, input: body }),
}));
