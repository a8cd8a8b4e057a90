import { route } from "@/lib/http/route";
import { listActivities } from "@/lib/ledger/list-activities";
import { ledgerQuery } from "@/lib/schemas/ledger";

// GET /hub/ledger — the public activity ledger, newest first, with filters and global totals
export const GET = route({ query: ledgerQuery, cache: true }, ({ query }) => listActivities(query));
