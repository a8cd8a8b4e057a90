import { route } from "@/lib/http/route";
import { judgeTags } from "@/lib/judge/judge-tags";
import { tagsBody } from "@/lib/schemas/judge";

// POST /hub/judge/tags — score candidate tags for a text; the best topK at or above minProbability
export const POST = route({ body: tagsBody }, ({ body, clientIp }) => judgeTags({ input: body, client: clientIp }));
