import { describe, expect, it } from "vitest";
import { renderShareBody } from "./render-share-body";

const embeds = [
  { kind: "photo", url: "/quickshare/AbCdEfGh/media/photo?index=0", fileName: "tide.webp", contentType: "image/webp" },
  { kind: "document", url: "/quickshare/AbCdEfGh/media/document?index=0", fileName: "notes \"v2\".pdf", contentType: "application/pdf" },
];

describe("renderShareBody (rule 11: svc-embed://N → media route)", () => {
  it("rewrites tokens to media elements and escapes everything else", () => {
    const html = renderShareBody({ content: "Look: svc-embed://0 <script>alert(1)</script>\nline two\n\nsecond & last", embeds: embeds.slice(0, 1) });
    expect(html).toBe(
      '<p>Look: <img class="qs-media" src="/quickshare/AbCdEfGh/media/photo?index=0" alt="tide.webp" loading="lazy"> &lt;script&gt;alert(1)&lt;/script&gt;<br>line two</p>\n<p>second &amp; last</p>',
    );
  });

  it("keeps unknown tokens as text and lists media that were never embedded", () => {
    const html = renderShareBody({ content: "svc-embed://7 only", embeds });
    expect(html).toContain("<p>svc-embed://7 only</p>");
    expect(html).toContain('<div class="qs-attachments"><img');
    expect(html).toContain('href="/quickshare/AbCdEfGh/media/document?index=0&amp;download=1"');
    expect(html).toContain("notes &quot;v2&quot;.pdf");
  });
});
