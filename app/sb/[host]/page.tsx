import type { Metadata } from "next";
import { headers } from "next/headers";
import { blogPageContext } from "@/lib/blog/blog-page-context";
import { listPublishedPosts } from "@/lib/blog/list-posts";
import { isOpenPost } from "@/lib/blog/post-teaser";
import { postPath, postUrls } from "@/lib/blog/post-urls";
import { feedLinks } from "@/lib/feeds/feed-formats";
import { keepPage } from "@/lib/edge/handoff";
import { formatUsdc } from "@/lib/money";

type Props = { params: Promise<{ host: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const blog = await blogPageContext((await params).host);
  return { title: { absolute: blog.site.name }, description: blog.site.description || blog.site.name };
}

// GET / (blog origin) — the blog's index: a card per published post (type, price, cover, free or paid)
export default async function BlogIndexPage({ params }: Props) {
  const blog = await blogPageContext((await params).host);
  const posts = await listPublishedPosts({ siteId: blog.site.id });
  // No blog session: every anonymous reader's index (lib/edge/page-cache.ts).
  if (!blog.session) keepPage(await headers());
  const manifest = `${blog.origin}/svc.json`;
  const jsonLd = {
    "@context": "https://schema.org", "@type": "Blog", name: blog.site.name, url: `${blog.origin}/`, description: blog.site.description || undefined,
    blogPost: posts.map((p) => ({ "@type": "BlogPosting", headline: p.title, url: postUrls(blog.origin, p).page, isAccessibleForFree: isOpenPost(p) })),
    subjectOf: { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: manifest },
  };
  return (
    <div id="blog" data-svc-manifest={manifest}>
      <meta name="svc:title" content={blog.site.name} />
      <meta name="svc:content-type" content="site" />
      <meta name="svc:manifest" content={manifest} />
      <meta property="og:title" content={blog.site.name} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={`${blog.origin}/`} />
      <link rel="alternate" type="application/json" href={manifest} title="Site manifest" />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <h1 className="sb-title">{blog.site.name}</h1>
      {blog.site.description && <p className="sb-lede">{blog.site.description}</p>}
      <p className="sb-meta" data-testid="blog-feeds">
        Follow this blog in a feed reader: <a href={feedLinks(blog.origin).rss} type="application/rss+xml">RSS feed</a> · <a href={feedLinks(blog.origin).atom} type="application/atom+xml">Atom</a> · <a href={feedLinks(blog.origin).json} type="application/feed+json">JSON Feed</a>
      </p>
      {posts.length === 0 ? <p className="muted">No posts yet.</p> : (
        <ul className="sb-cards">
          {posts.map((p) => {
            const access = isOpenPost(p) ? "free" : p.publicAccess ? "paid" : "invite-only";
            return (
              <li key={p.id} className="sb-card" data-svc-resource={postUrls(blog.origin, p).access} data-svc-path={postPath(p)} data-svc-access={access}>
                {p.coverUrl && <img className="sb-card-cover" src={p.coverUrl} alt="" loading="lazy" />}{/* eslint-disable-line @next/next/no-img-element */}
                <div className="sb-card-text">
                  <p className="sb-meta"><span className="badge">{p.type}</span> <span className={`badge badge-${access}`}>{access}</span></p>
                  <h2><a href={postPath(p)}>{p.title}</a></h2>
                  {p.summary && <p className="sb-summary">{p.summary}</p>}
                  <p className="sb-price">{p.priceAtomic === 0n ? "Free" : `${formatUsdc(p.priceAtomic)} ${p.currency}`}{p.publishedAt && <> · <time dateTime={p.publishedAt.toISOString()}>{p.publishedAt.toISOString().slice(0, 10)}</time></>}</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
