import { route } from "@/lib/http/route";
import { earningsExport } from "@/lib/ledger/earnings-export";
import { earningsExportQuery } from "@/lib/schemas/creator-numbers";

// GET /hub/earnings.csv — every sale and tip of the signed-in creator over ?from=&to= as a CSV download
export const GET = route({ query: earningsExportQuery, auth: "session" }, async ({ query, session }) => {
  const { filename, csv } = await earningsExport({ wallet: session.wallet, ...query });
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "private, no-store" },
  });
});
