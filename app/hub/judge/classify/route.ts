import { route } from "@/lib/http/route";
import { classifyOp } from "@/lib/openapi/paths-judge";
import { judgeClassify } from "@/lib/judge/judge-classify";

// POST /hub/judge/classify — probability that a page is a single creator-authored content page
export const POST = route(classifyOp, ({ body, clientIp }) => judgeClassify({ input: body, client: clientIp }));
