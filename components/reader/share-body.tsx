"use client";

import type { ReactNode } from "react";

export type MediaItem = { kind: string; url: string; fileName: string; contentType?: string };
export type GrantBody = {
  content: string;
  media: { items: MediaItem[] };
  unlockProof?: string | null;
  payment?: { amount: number; currency: string; payerWallet: string; txHash: string | null; protocolFee: number | null; paymentProvider?: string } | null;
};

function localPath(url: string) {
  const u = new URL(url, window.location.href);
  return u.pathname + u.search;
}

function Media({ item, proof }: { item: MediaItem; proof: string | null }) {
  const src = localPath(item.url) + (proof ? `&proof=${encodeURIComponent(proof)}` : "");
  if (item.kind === "photo") return <img className="qs-media" src={src} alt={item.fileName} loading="lazy" />; // eslint-disable-line @next/next/no-img-element
  if (item.kind === "music") return <audio className="qs-media" controls preload="none" src={src} aria-label={item.fileName} />;
  if (item.kind === "video") return <video className="qs-media" controls preload="metadata" src={src} aria-label={item.fileName} />;
  return <a className="qs-doc" href={src}>{item.fileName}</a>;
}

/** A decrypted share body as the server renders it: text stays text, svc-embed://N becomes the media route. */
export function ShareBody({ body }: { body: GrantBody }) {
  const proof = body.unlockProof ?? null;
  const items = body.media?.items ?? [];
  const used = new Set<number>();
  const paragraphs = body.content.replace(/\r\n?/g, "\n").split(/\n{2,}/).filter((p) => p.trim());
  const lines = (s: string, key: string): ReactNode[] => s.split("\n").flatMap((line, i) => (i ? [<br key={`${key}-br${i}`} />, line] : [line]));
  return (
    <article id="qs-content" className="qs-body">
      {paragraphs.map((p, pi) => {
        const parts: ReactNode[] = [];
        const re = /svc-embed:\/\/(\d+)/g;
        let last = 0;
        let m: RegExpExecArray | null;
        while ((m = re.exec(p))) {
          const index = Number(m[1]);
          const item = items[index];
          if (!item) continue;
          used.add(index);
          parts.push(...lines(p.slice(last, m.index), `${pi}-${m.index}`));
          parts.push(<Media key={`m${index}`} item={item} proof={proof} />);
          last = m.index + m[0].length;
        }
        parts.push(...lines(p.slice(last), `${pi}-end`));
        return <p key={pi}>{parts}</p>;
      })}
      {items.some((_, i) => !used.has(i)) && (
        <div className="qs-attachments">
          {items.map((item, i) => (used.has(i) ? null : <Media key={i} item={item} proof={proof} />))}
        </div>
      )}
    </article>
  );
}
