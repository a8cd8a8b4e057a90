import { route } from "@/lib/http/route";
import { judgeClassify } from "@/lib/judge/judge-classify";
import { classifyBody } from "@/lib/schemas/judge";

// POST /hub/judge/classify — probability that a page is a single creator-authored content page
export const POST = route({ body: classifyBody }, ({ body, clientIp }) => judgeClassify({ input: body, client: clientIp }));
