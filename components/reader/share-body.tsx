import type { ReactElement, ReactNode } from "react";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";

export type MediaItem = { kind: string; url: string; fileName: string; contentType?: string };
export type GrantBody = {
  content: string;
  media: { items: MediaItem[] };
  unlockProof?: string | null;
  payment?: { amount: number; currency: string; payerWallet: string; txHash: string | null; protocolFee: number | null; paymentProvider?: string } | null;
};

const EMBED = "svc-embed://";
// GitHub's sanitizer schema, plus our media scheme as an image or link target (rewritten below).
const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "svc-embed"], src: [...(defaultSchema.protocols?.src ?? []), "svc-embed"] },
};
const remarkPlugins = [remarkGfm];
const rehypePlugins: NonNullable<Parameters<typeof Markdown>[0]["rehypePlugins"]> = [[rehypeSanitize, schema]];
const urlTransform = (url: string) => (url.startsWith(EMBED) ? url : defaultUrlTransform(url));

/** The same-origin path of a media URL (the page and its media routes share an origin), with the proof when the reader holds one. */
function mediaSrc(item: MediaItem, proof: string | null) {
  const u = new URL(item.url, "http://localhost");
  return u.pathname + u.search + (proof ? `&proof=${encodeURIComponent(proof)}` : "");
}

function Media({ item, proof }: { item: MediaItem; proof: string | null }) {
  // A file not stored yet (the dashboard's live preview): its name in its place.
  if (item.kind === "placeholder") return <span className="qs-doc qs-placeholder">[{item.fileName}]</span>;
  const src = mediaSrc(item, proof);
  if (item.kind === "photo") return <img className="qs-media" src={src} alt={item.fileName} loading="lazy" />; // eslint-disable-line @next/next/no-img-element
  if (item.kind === "music") return <audio className="qs-media" controls preload="none" src={src} aria-label={item.fileName} />;
  if (item.kind === "video") return <video className="qs-media" controls preload="metadata" src={src} aria-label={item.fileName} />;
  return <a className="qs-doc" href={src}>{item.fileName}</a>;
}

/**
 * Rendered bodies, kept by everything their elements depend on (source, media and proof): parsing and
 * sanitizing a body is ~2 ms of a page's ~17 ms, the same for every reader of a free share, and the
 * element tree is immutable, so one render serves every request that asks for the same body. Bounded
 * by entries and by the characters of the keys it holds (a tree takes ~19 bytes per source character,
 * measured: 1 M characters ≈ 20 MB); a body too large to keep is rendered each time.
 */
const RENDERED_MAX = 256;
const RENDERED_MAX_CHARS = 1024 * 1024;
const KEEP_MAX_CHARS = 64 * 1024;
const rendered = new Map<string, ReactElement>();
let renderedChars = 0;

function keptMarkdown(key: string, render: () => ReactElement): ReactElement {
  const hit = rendered.get(key);
  if (hit) {
    rendered.delete(key); // most recently used last
    rendered.set(key, hit);
    return hit;
  }
  const element = render();
  if (key.length > KEEP_MAX_CHARS) return element;
  rendered.set(key, element);
  renderedChars += key.length;
  for (const [k] of rendered) {
    if (rendered.size <= RENDERED_MAX && renderedChars <= RENDERED_MAX_CHARS) break;
    rendered.delete(k);
    renderedChars -= k.length;
  }
  return element;
}

const embedIndex = (url: unknown) => (typeof url === "string" && url.startsWith(EMBED) && /^\d+$/.test(url.slice(EMBED.length)) ? Number(url.slice(EMBED.length)) : null);

/**
 * A share or post body as GitHub-flavoured Markdown (react-markdown + remark-gfm, sanitized with
 * GitHub's schema: raw HTML and scripts never run). `svc-embed://N` works as an image target
 * (`![photo](svc-embed://0)`, the media element), a link target, or a bare token (the media
 * element). Media no token names are listed after the body. Renders on the server and in the browser.
 */
export function ShareBody({ body }: { body: GrantBody }) {
  const proof = body.unlockProof ?? null;
  const items = body.media?.items ?? [];
  const used = new Set<number>();
  for (const m of body.content.matchAll(/svc-embed:\/\/(\d+)/g)) if (items[Number(m[1])]) used.add(Number(m[1]));
  // A bare token (not already a Markdown target) becomes an image node, rendered as its media element.
  const source = body.content.replace(/(^|[^(<])svc-embed:\/\/(\d+)/g, (all, lead: string, n: string) => (items[Number(n)] ? `${lead}![](${EMBED}${n})` : all));
  const components: Components = {
    img: ({ src, alt }) => {
      const n = embedIndex(src);
      if (n === null) return <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} loading="lazy" />; // eslint-disable-line @next/next/no-img-element
      const item = items[n];
      return item ? <Media item={item} proof={proof} /> : <>{alt}</>;
    },
    a: ({ href, children }) => {
      const n = embedIndex(href);
      if (n === null) return <a href={href} rel="noopener noreferrer nofollow">{children}</a>;
      const item = items[n];
      return item ? <a className="qs-doc" href={mediaSrc(item, proof)}>{children as ReactNode}</a> : <>{children}</>;
    },
  };
  return (
    <article id="qs-content" className="qs-body">
      {keptMarkdown(JSON.stringify([proof, items, source]), () => Markdown({ remarkPlugins, rehypePlugins, urlTransform, components, children: source }))}
      {items.some((_, i) => !used.has(i)) && (
        <div className="qs-attachments">
          {items.map((item, i) => (used.has(i) ? null : <Media key={i} item={item} proof={proof} />))}
        </div>
      )}
    </article>
  );
}
