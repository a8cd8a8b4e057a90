import type { McpTool } from "../define-tool";
import { buyContentTool } from "./buy-content";
import { exploreContentTool } from "./explore-content";
import { getHubStatus } from "./get-hub-status";
import { getLeaderboardsTool } from "./get-leaderboards";
import { getLedgerTool } from "./get-ledger";
import { getPlatformStatsTool } from "./get-platform-stats";
import { judgeClassifyTool } from "./judge-classify";
import { judgeDecideTool } from "./judge-decide";
import { judgeTagsTool } from "./judge-tags";
import { resolveShareTool } from "./resolve-share";

/**
 * Every tool of the MCP server, in the order tools/list shows them. One file per tool, each calling
 * one lib function; /.well-known/mcp.json and llms.txt are generated from this list.
 *
 * Add `tools/<name>.ts` with defineTool and list it here; e2e/api/mcp.test.ts then lists and calls it.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  getHubStatus, exploreContentTool, getLedgerTool, getPlatformStatsTool, getLeaderboardsTool, resolveShareTool, buyContentTool, judgeDecideTool, judgeClassifyTool, judgeTagsTool,
];
