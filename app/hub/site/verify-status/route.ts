import { route } from "@/lib/http/route";
import { verifyStatusOp } from "@/lib/openapi/paths-sites";
import { verificationStatus } from "@/lib/sites/verification-status";

// GET /hub/site/verify-status — public verification status of a domain
export const GET = route(verifyStatusOp, ({ query }) => verificationStatus({ domain: query.domain }));
