import { judgeClassify } from "@/lib/judge/judge-classify";
import { classifyFields, classifyResult } from "@/lib/schemas/judge";
import { defineTool } from "../define-tool";

export const judgeClassifyTool = defineTool({
  name: "judge_classify",
  title: "Classify a page",
  description:
    "Same as POST /hub/judge/classify: the probability that a page's text is a single creator-authored content page (not a listing, shop, account, legal or error page). The hub treats 0.65 and above as a content page.",
  input: classifyFields,
  output: classifyResult,
  run: (input, ctx) => judgeClassify({ input, client: ctx.client }),
});
