import { z } from "zod";
import { platformStats } from "@/lib/ledger/platform-stats";
import { defineTool } from "../define-tool";

export const getPlatformStatsTool = defineTool({
  name: "get_platform_stats",
  title: "Platform statistics",
  description:
    "The hub's figures: creators, verified sites, content items, views, unlocks, revenue (paid unlocks + tips net of refunds + quickshare unlocks, in USDC), protocol fees, tips, tip revenue and quickshare views, unlocks and revenue. Consistent with get_ledger's totals.",
  input: z.object({}),
  run: () => platformStats(),
});
