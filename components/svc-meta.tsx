type SvcMetaProps = {
  title: string;
  contentType: string;
  price: string;
  currency: string;
  status: string;
  access: string;
  /** The JSON manifest agents read (also the `svc:manifest` tag and the alternate link). */
  manifest: string;
  manifestTitle: string;
  page: string;
  summary?: string | null;
  image?: string | null;
  /** The schema.org description of the resource. */
  jsonLd: Record<string, unknown>;
};

/**
 * The machine-readable head of a gated resource's page, the same for shares and blog posts: the
 * interface's `svc:` meta tags, Open Graph, the manifest link and the JSON-LD block (React hoists
 * the tags into <head>).
 */
export function SvcMeta({ title, contentType, price, currency, status, access, manifest, manifestTitle, page, summary, image, jsonLd }: SvcMetaProps) {
  return (
    <>
      <meta name="svc:title" content={title} />
      <meta name="svc:content-type" content={contentType} />
      <meta name="svc:price" content={price} />
      <meta name="svc:currency" content={currency} />
      <meta name="svc:status" content={status} />
      <meta name="svc:access" content={access} />
      <meta name="svc:manifest" content={manifest} />
      <meta property="og:title" content={title} />
      <meta property="og:type" content="article" />
      <meta property="og:url" content={page} />
      {summary && <meta property="og:description" content={summary} />}
      {image && <meta property="og:image" content={image} />}
      <link rel="alternate" type="application/json" href={manifest} title={manifestTitle} />
      {/* "<" escaped so no string in the data can close the script element. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
    </>
  );
}
