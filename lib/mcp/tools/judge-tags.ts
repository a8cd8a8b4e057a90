import { judgeTags } from "@/lib/judge/judge-tags";
import { tagsFields, tagsResult } from "@/lib/schemas/judge";
import { defineTool } from "../define-tool";

export const judgeTagsTool = defineTool({
  name: "judge_tags",
  title: "Score tags",
  description: "Same as POST /hub/judge/tags: an independent probability per candidate tag for a text; returns the best topK at or above minProbability. The hub keeps tags at 0.6 and above.",
  input: tagsFields,
  output: tagsResult,
  run: (input, ctx) => judgeTags({ input, client: ctx.client }),
});
