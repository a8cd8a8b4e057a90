import { judgeDecide } from "@/lib/judge/judge-decide";
import { decideFields, decideResult } from "@/lib/schemas/judge";
import { defineTool } from "../define-tool";

export const judgeDecideTool = defineTool({
  name: "judge_decide",
  title: "Decide between candidates",
  description:
    "Same as POST /hub/judge/decide: choose one of 2..12 candidates for a situation, with a probability per candidate. The choice is always one of your candidate ids. Shares the 30 requests per minute per client address of the decision helpers. Act only above your own threshold (the hub uses 0.6–0.65).",
  input: decideFields,
  output: decideResult,
  run: (input, ctx) => judgeDecide({ input, client: ctx.client }),
});
