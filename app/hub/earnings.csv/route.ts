import { route } from "@/lib/http/route";
import { earningsCsvOp } from "@/lib/openapi/paths-creator-numbers";
import { earningsExport } from "@/lib/ledger/earnings-export";

// GET /hub/earnings.csv — every sale and tip of the signed-in creator over ?from=&to= as a CSV download
export const GET = route({ ...earningsCsvOp, auth: "session" }, async ({ query, session }) => {
  const { filename, csv } = await earningsExport({ wallet: session.wallet, ...query });
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "private, no-store" },
  });
});
