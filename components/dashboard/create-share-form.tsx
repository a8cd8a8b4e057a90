"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { isAddress } from "viem";
import { AgentsSetting } from "@/components/access/agents-setting";
import { ShareBody } from "@/components/reader/share-body";
import { policyWithAgents, type AgentsChoice } from "@/lib/access/agents-choice";
import { callApi } from "./call-api";
import { MediaUpload, type Uploaded } from "./media-upload";

const BODY_MAX_BYTES = 512 * 1024;
const EXPIRY_CHOICES = [["1", "1 hour"], ["6", "6 hours"], ["24", "1 day"], ["72", "3 days"], ["168", "7 days (maximum)"]] as const;
const TYPES = ["article", "image", "music", "video", "document"] as const;

/** Splits a pasted list of wallets (lines, commas or spaces) and reports the ones that are not addresses. */
export function parseWallets(text: string): { wallets: string[]; bad: string[] } {
  const items = text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
  return { wallets: [...new Set(items.filter((s) => isAddress(s, { strict: false })))], bad: items.filter((s) => !isAddress(s, { strict: false })) };
}

type Created = { share: { slug: string } };

export function CreateShareForm() {
  const router = useRouter();
  const body = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState("");
  const [media, setMedia] = useState<Uploaded[]>([]);
  const [inviteOnly, setInviteOnly] = useState(false);
  const [agents, setAgents] = useState<AgentsChoice>({ mode: "same", price: "" });
  const [status, setStatus] = useState<"idle" | "saving">("idle");
  const [error, setError] = useState<string | null>(null);
  const bytes = new TextEncoder().encode(content).length;

  function insertEmbed(index: number) {
    const el = body.current;
    const token = `svc-embed://${index}`;
    const at = el ? el.selectionStart : content.length;
    const next = `${content.slice(0, at)}${at > 0 && content[at - 1] !== "\n" ? "\n\n" : ""}${token}\n\n${content.slice(at)}`;
    setContent(next);
    el?.focus();
  }

  function removeMedia(index: number) {
    // Later tokens shift down by one; the removed file's token is dropped from the body.
    setMedia((m) => m.filter((_, i) => i !== index));
    setContent((c) => c.replace(/svc-embed:\/\/(\d+)/g, (tok, n) => (Number(n) === index ? "" : Number(n) > index ? `svc-embed://${Number(n) - 1}` : tok)));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const { wallets, bad } = parseWallets(String(f.get("whitelist") ?? ""));
    if (bad.length) return setError(`These are not wallet addresses: ${bad.slice(0, 5).join(", ")}${bad.length > 5 ? "…" : ""}`);
    if (inviteOnly && wallets.length === 0) return setError("An invite-only share needs at least one invited wallet.");
    if (bytes > BODY_MAX_BYTES) return setError("The body is larger than 512 KB.");
    const whitelistPrice = String(f.get("whitelistPrice") ?? "").trim();
    setError(null);
    setStatus("saving");
    try {
      const res = await callApi<Created>("/quickshare", {
        json: {
          title: String(f.get("title") ?? ""),
          summary: String(f.get("summary") ?? "") || undefined,
          contentType: String(f.get("contentType") ?? "article"),
          content,
          price: String(f.get("price") ?? "0").trim() || "0",
          whitelist: wallets,
          whitelistPrice: whitelistPrice === "" ? null : whitelistPrice,
          publicAccess: !inviteOnly,
          accessPolicy: policyWithAgents(null, agents),
          expiresInHours: Number(f.get("expiresInHours") ?? 168),
          media: media.map((m) => m.storageRef),
        },
      });
      router.push(`/dashboard/shares/${res.share.slug}?created=1`);
    } catch (err) {
      setError((err as Error).message);
      setStatus("idle");
    }
  }

  return (
    <form className="stack-form" onSubmit={submit} aria-describedby={error ? "create-error" : undefined}>
      <div className="field">
        <label htmlFor="qs-title">Title</label>
        <input id="qs-title" name="title" required maxLength={200} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="qs-summary">Public summary <span className="muted">(optional; shown before payment)</span></label>
        <input id="qs-summary" name="summary" maxLength={1000} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="qs-type">Content type</label>
        <select id="qs-type" name="contentType" defaultValue="article">
          {TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="qs-body">Body</label>
        <textarea id="qs-body" ref={body} name="content" rows={10} value={content} onChange={(e) => setContent(e.target.value)}
          aria-describedby="qs-body-help" placeholder="Write Markdown here: # headings, **bold**, - lists, [links](https://…). A blank line starts a new paragraph." />
        <p id="qs-body-help" className={`small ${bytes > BODY_MAX_BYTES ? "error" : "muted"}`}>
          {(bytes / 1024).toFixed(1)} KB of 512 KB. GitHub-flavoured Markdown; raw HTML is not rendered. Encrypted at rest; readers see it after paying (or when invited). Use “Insert in body” to place a file.
        </p>
      </div>
      {content.trim() && (
        <section className="field body-preview" aria-labelledby="qs-preview-h" data-testid="body-preview">
          <h3 id="qs-preview-h" className="small muted">Preview (as readers see it)</h3>
          <ShareBody body={{ content, media: { items: media.map((m) => ({ kind: "placeholder", url: "", fileName: `${m.kind}: ${m.fileName}` })) } }} />
        </section>
      )}
      <MediaUpload files={media} onUploaded={(u) => setMedia((m) => [...m, u])} onRemove={removeMedia} onInsert={insertEmbed} />
      <fieldset className="field-group">
        <legend>Price and access</legend>
        <div className="field-row">
          <div className="field">
            <label htmlFor="qs-price">Price (USDC)</label>
            <input id="qs-price" name="price" inputMode="decimal" defaultValue="0" pattern="^(0|[1-9]\d{0,8})(\.\d{1,6})?$" aria-describedby="qs-price-help" required />
            <p id="qs-price-help" className="muted small">0 for free, else 0.01 to 10000.</p>
          </div>
          <div className="field">
            <label htmlFor="qs-expiry">Expires after</label>
            <select id="qs-expiry" name="expiresInHours" defaultValue="168">
              {EXPIRY_CHOICES.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </div>
        </div>
        <AgentsSetting id="qs" value={agents} onChange={setAgents} />
        <div className="field checkbox">
          <input id="qs-invite" type="checkbox" checked={inviteOnly} onChange={(e) => setInviteOnly(e.target.checked)} />
          <label htmlFor="qs-invite">Invite-only: wallets not on the list are refused before any charge</label>
        </div>
        <div className="field">
          <label htmlFor="qs-whitelist">{inviteOnly ? "Invited wallets" : "Whitelisted wallets"} <span className="muted">(one address per line)</span></label>
          <textarea id="qs-whitelist" name="whitelist" rows={3} placeholder="0x…" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="qs-wlprice">Price for listed wallets (USDC) <span className="muted">(optional; empty: they pay the price above; 0: free after signing in)</span></label>
          <input id="qs-wlprice" name="whitelistPrice" inputMode="decimal" pattern="^(0|[1-9]\d{0,8})(\.\d{1,6})?$" />
        </div>
      </fieldset>
      {error && <p id="create-error" role="alert" className="error">{error}</p>}
      <div>
        <button className="btn" type="submit" disabled={status === "saving"}>{status === "saving" ? "Creating…" : "Create share"}</button>
      </div>
    </form>
  );
}
