import { route } from "@/lib/http/route";
import { createShare } from "@/lib/quickshare/create-share";
import { createShareBody } from "@/lib/schemas/quickshare";

// The JSON envelope may be several times the 512 KB content limit (escapes); the content itself is checked exactly.
const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

// POST /quickshare — create an encrypted, expiring share (session of the owner)
export const POST = route({ body: createShareBody, auth: "session", maxBodyBytes: MAX_REQUEST_BYTES }, async ({ body, session }) =>
  Response.json({ success: true, share: await createShare({ owner: session.wallet, input: body }) }, { status: 201 }),
);
