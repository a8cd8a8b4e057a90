import { route } from "@/lib/http/route";
import { tagsOp } from "@/lib/openapi/paths-judge";
import { judgeTags } from "@/lib/judge/judge-tags";

// POST /hub/judge/tags — score candidate tags for a text; the best topK at or above minProbability
export const POST = route(tagsOp, ({ body, clientIp }) => judgeTags({ input: body, client: clientIp }));
