import { createBlog } from "@/lib/blog/create-blog";
import { route } from "@/lib/http/route";
import { createBlogOp } from "@/lib/openapi/paths-blog";
import { JsonAnswer } from "@/lib/http/plain-answer";

// POST /hub/blogs — open a hosted blog owned (admin role) by the session wallet
export const POST = route({ ...createBlogOp, auth: "session" }, async ({ body, session }) =>
  new JsonAnswer(await createBlog({ wallet: session.wallet, input: body }), {}, 201),
);
