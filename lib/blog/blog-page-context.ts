import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextRequest } from "next/server";
import { ApiError } from "@/lib/http/errors";
import { blogContext, type BlogContext } from "./blog-context";

/**
 * The BlogContext of a server component page on a blog's origin (app/sb/[host]/…): the same blog,
 * origin and sb_auth_session reading as the blog's route handlers, from the page's request headers;
 * the not-found page when no active blog lives at `domain`.
 */
export async function blogPageContext(domain: string): Promise<BlogContext> {
  const h = await headers();
  try {
    return await blogContext(new NextRequest("http://blog.local/", { headers: new Headers(h) }), domain);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
