import { route } from "@/lib/http/route";
import { verifyStatusQuery } from "@/lib/schemas/sites";
import { verificationStatus } from "@/lib/sites/verification-status";

// GET /hub/site/verify-status — public verification status of a domain
export const GET = route({ query: verifyStatusQuery }, ({ query }) => verificationStatus({ domain: query.domain }));
