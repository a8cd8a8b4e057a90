export type EmbedTarget = { kind: string; url: string; fileName: string; contentType: string };

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** HTML-escapes text for element content and attribute values. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapeMap[c]!);

const EMBED = /svc-embed:\/\/(\d+)/g;

/**
 * A share body as HTML: escaped text in paragraphs (blank line) and line breaks, with each
 * svc-embed://N token (rule 11) rewritten to the N-th media file's element on the media route.
 * Unknown tokens stay as text. Media not embedded anywhere are listed after the body.
 */
export function renderShareBody({ content, embeds }: { content: string; embeds: EmbedTarget[] }): string {
  const used = new Set<number>();
  const paragraphs = content.replace(/\r\n?/g, "\n").split(/\n{2,}/).filter((p) => p.trim() !== "");
  const html = paragraphs.map((p) => {
    const parts: string[] = [];
    let last = 0;
    for (const m of p.matchAll(EMBED)) {
      const n = Number(m[1]);
      const target = embeds[n];
      if (!target) continue;
      used.add(n);
      parts.push(escapeHtml(p.slice(last, m.index)).replace(/\n/g, "<br>"), embedHtml(target));
      last = m.index + m[0].length;
    }
    parts.push(escapeHtml(p.slice(last)).replace(/\n/g, "<br>"));
    return `<p>${parts.join("")}</p>`;
  });
  const rest = embeds.filter((_, i) => !used.has(i));
  if (rest.length) html.push(`<div class="qs-attachments">${rest.map(embedHtml).join("")}</div>`);
  return html.join("\n");
}

function embedHtml(t: EmbedTarget): string {
  const url = escapeHtml(t.url);
  const name = escapeHtml(t.fileName);
  switch (t.kind) {
    case "photo":
      return `<img class="qs-media" src="${url}" alt="${name}" loading="lazy">`;
    case "music":
      return `<audio class="qs-media" controls preload="none" src="${url}"></audio>`;
    case "video":
      return `<video class="qs-media" controls preload="metadata" src="${url}"></video>`;
    default:
      return `<a class="qs-doc" href="${url}">${name}</a> <a class="qs-doc" href="${url}&amp;download=1">(download)</a>`;
  }
}
