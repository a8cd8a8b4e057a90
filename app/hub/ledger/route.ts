import { route } from "@/lib/http/route";
import { ledgerOp } from "@/lib/openapi/paths-ledger";
import { listActivitiesAnswer } from "@/lib/ledger/list-activities";

// GET /hub/ledger — the public activity ledger, newest first, with filters and global totals
export const GET = route({ ...ledgerOp, cache: true }, ({ query }) => listActivitiesAnswer(query));
