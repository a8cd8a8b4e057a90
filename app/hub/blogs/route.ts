import { createBlog } from "@/lib/blog/create-blog";
import { route } from "@/lib/http/route";
import { createBlogOp } from "@/lib/openapi/paths-blog";

// POST /hub/blogs — open a hosted blog owned (admin role) by the session wallet
export const POST = route({ ...createBlogOp, auth: "session" }, async ({ body, session }) =>
  Response.json(await createBlog({ wallet: session.wallet, input: body }), { status: 201 }),
);
