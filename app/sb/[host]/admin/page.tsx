import type { Metadata } from "next";
import { BlogAdmin } from "@/components/blog-admin/blog-admin";
import "@/components/blog-admin/blog-admin.css";
import { adminPageData } from "@/lib/blog/admin-page-data";
import { blogPageContext } from "@/lib/blog/blog-page-context";
import { hubChainConfig } from "@/lib/chain/browser-config";
import { env } from "@/lib/env";
import { passAdminData } from "@/lib/passes/pass-admin-data";

type Props = { params: Promise<{ host: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const blog = await blogPageContext((await params).host);
  return { title: { absolute: `Editor · ${blog.site.name}` }, robots: { index: false, follow: false } };
}

// GET /admin (blog origin) — the blog editor: sign in with the blog's wallet session; admins list, write and manage posts
export default async function BlogAdminPage({ params }: Props) {
  const blog = await blogPageContext((await params).host);
  const [posts, pass] = blog.admin ? await Promise.all([adminPageData(blog), passAdminData({ blog })]) : [[], null];
  return (
    <BlogAdmin
      chain={hubChainConfig()}
      blog={{ name: blog.site.name, domain: blog.site.domain, origin: blog.origin, hubOrigin: env.HUB_ORIGIN }}
      session={blog.session?.wallet ?? null}
      admin={blog.admin}
      posts={posts}
      pass={pass}
    />
  );
}
