"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { AgentsSetting } from "@/components/access/agents-setting";
import { callApi, fieldErrors, HubApiError } from "@/components/dashboard/call-api";
import { DailyChart } from "@/components/dashboard/daily-chart";
import { MediaUpload, type Uploaded } from "@/components/dashboard/media-upload";
import { ShareBody } from "@/components/reader/share-body";
import { agentsChoiceOf, policyWithAgents, type AgentsChoice } from "@/lib/access/agents-choice";
import type { AdminPostData } from "@/lib/blog/admin-page-data";
import { PostAccessPanel } from "./post-access-panel";

const TYPES = ["article", "image", "music", "video", "document"] as const;
const FIELDS = ["title", "type", "slug", "summary", "body", "coverUrl", "externalVideoUrl", "media", "price", "whitelistPrice", "accessPolicy", "publicAccess", "whitelist", "tier", "tags", "status"] as const;
type Field = (typeof FIELDS)[number];

type Form = {
  title: string; type: (typeof TYPES)[number]; slug: string; summary: string; body: string; coverUrl: string; externalVideoUrl: string;
  price: string; whitelistPrice: string; publicAccess: boolean; whitelist: string; tier: string; tags: string; agents: AgentsChoice;
};

function initialForm(post: AdminPostData | null): Form {
  return {
    title: post?.title ?? "", type: (post?.type as Form["type"]) ?? "article", slug: post?.slug ?? "", summary: post?.summary ?? "", body: "",
    coverUrl: post?.coverUrl ?? "", externalVideoUrl: post?.externalVideoUrl ?? "", price: post?.price ?? "0", whitelistPrice: post?.whitelistPrice ?? "",
    publicAccess: post?.publicAccess ?? true, whitelist: (post?.whitelist ?? []).join("\n"), tier: post?.tier ?? "public", tags: (post?.tags ?? []).join(", "),
    agents: agentsChoiceOf(post?.accessPolicy),
  };
}

/** The request body for the admin API: every field of the form (the body only when loaded or written). */
function payload(form: Form, { isNew, bodyTouched, media, post }: { isNew: boolean; bodyTouched: boolean; media: string[]; post: AdminPostData | null }) {
  return {
    title: form.title,
    type: form.type,
    ...(form.slug.trim() && { slug: form.slug.trim() }),
    summary: form.summary,
    ...((isNew || bodyTouched) && { body: form.body }),
    coverUrl: form.coverUrl.trim() || null,
    ...(form.type === "video" ? { externalVideoUrl: form.externalVideoUrl.trim() || null } : isNew ? {} : { externalVideoUrl: null }),
    price: form.price.trim() || "0",
    whitelistPrice: form.whitelistPrice.trim() || null,
    accessPolicy: policyWithAgents(post?.accessPolicy, form.agents),
    publicAccess: form.publicAccess,
    whitelist: form.whitelist.split(/[\s,]+/).filter(Boolean),
    tier: form.tier.trim() || "public",
    tags: form.tags.split(",").map((t) => t.trim()).filter(Boolean),
    media,
  };
}

/**
 * Writes or edits one post: title, type, summary, Markdown body with a live preview, cover, media
 * upload (drag and drop, progress, size and type checked first), price, whitelist and its price,
 * public access; save as draft, publish, unpublish, delete. Each API error shows beside its field.
 */
export function PostEditor({ post, walletOfAdmin, notice: said = null, onClose, onSaved, onDeleted }: {
  post: AdminPostData | null;
  walletOfAdmin: string;
  /** What the last action said, shown until the next one (survives the remount after a new post is saved). */
  notice?: string | null;
  onClose: () => void;
  onSaved: (id: string, notice: string) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const isNew = !post;
  const [form, setForm] = useState<Form>(() => initialForm(post));
  const [bodyState, setBodyState] = useState<"loading" | "ready" | "error">(isNew ? "ready" : "loading");
  const [bodyTouched, setBodyTouched] = useState(false);
  const [uploads, setUploads] = useState<Uploaded[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(said);
  const attached = post?.mediaCount ?? 0;

  useEffect(() => {
    if (!post) return;
    let live = true;
    callApi<{ post: { body?: string } }>(`/api/admin/posts/${post.id}?include=body`)
      .then((r) => { if (live) { setForm((f) => ({ ...f, body: r.post.body ?? "" })); setBodyState("ready"); } })
      .catch(() => live && setBodyState("error"));
    return () => { live = false; };
  }, [post]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (k === "body") setBodyTouched(true);
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  function fail(err: unknown) {
    const { fields, rest } = fieldErrors(err, FIELDS);
    if ((err as HubApiError).code === "payload-too-large") fields.body = (err as HubApiError).details ?? (err as Error).message;
    setErrors(fields);
    setFormError(Object.keys(fields).length ? rest : rest ?? (err as Error).message);
  }

  async function save(status?: "draft" | "published") {
    setBusy(status === "published" ? "publish" : "save");
    setErrors({});
    setFormError(null);
    setNotice(null);
    try {
      const body = { ...payload(form, { isNew, bodyTouched, media: uploads.map((u) => u.storageRef), post }), ...(status && { status }) };
      const res = isNew
        ? await callApi<{ post: { id: string } }>("/api/admin/posts", { json: body })
        : await callApi<{ post: { id: string } }>(`/api/admin/posts/${post.id}`, { method: "PUT", json: body });
      setUploads([]);
      const text = status === "published" ? "Published." : "Saved.";
      setNotice(text);
      onSaved(res.post.id, text);
    } catch (err) {
      fail(err);
    }
    setBusy(null);
  }

  async function action(kind: "publish" | "unpublish" | "delete") {
    if (!post) return;
    if (kind === "delete" && !window.confirm(`Delete "${post.title}" for good? Its body and media are removed; payments and ledger rows stay.`)) return;
    setBusy(kind);
    setFormError(null);
    setNotice(null);
    try {
      if (kind === "delete") {
        await callApi(`/api/admin/posts/${post.id}`, { method: "DELETE" });
        onDeleted();
        return;
      }
      await callApi(`/api/admin/posts/${post.id}/${kind}`, { json: {} });
      const text = kind === "publish" ? "Published." : "Back to draft: readers get 404 until you publish again.";
      setNotice(text);
      onSaved(post.id, text);
    } catch (err) {
      fail(err);
    }
    setBusy(null);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void save(isNew ? "draft" : undefined);
  }

  const err = (f: Field) => errors[f] && <p id={`${id}-${f}-err`} className="error small" role="alert">{errors[f]}</p>;
  const described = (f: Field) => (errors[f] ? { "aria-invalid": true, "aria-describedby": `${id}-${f}-err` } : {});
  const previewItems = [
    ...Array.from({ length: attached }, (_, i) => ({ kind: "placeholder", url: "", fileName: `attached media ${i}` })),
    ...uploads.map((u) => ({ kind: "placeholder", url: "", fileName: `${u.kind}: ${u.fileName}` })),
  ];

  return (
    <section aria-labelledby={`${id}-h`} className="post-editor">
      <div className="admin-head">
        <h1 id={`${id}-h`} className="sb-title">{isNew ? "New post" : `Edit: ${post.title}`}</h1>
        <button type="button" className="btn btn-quiet" onClick={onClose}>Back to posts</button>
      </div>
      {post && (
        <p className="sb-meta" data-testid="post-status">
          <span className={`badge ${post.status === "published" ? "badge-free" : ""}`}>{post.status}</span> <a href={post.path}>{post.url}</a> · {post.views} {post.views === 1 ? "view" : "views"} · {post.unlocks} {post.unlocks === 1 ? "unlock" : "unlocks"} · {post.revenue} {post.currency}
        </p>
      )}
      {post && (
        <section aria-labelledby={`${id}-numbers-h`} className="post-numbers" data-testid="post-numbers">
          <h2 id={`${id}-numbers-h`}>Numbers, last 30 days</h2>
          <p className="muted small">
            {post.series.totals.views} views · {post.series.totals.unlocks} unlocks · {post.series.totals.revenue} {post.currency} paid, {post.series.totals.net} {post.currency} to you after the hub&apos;s fee
          </p>
          <DailyChart id="post" daily={post.series.daily} title={`Views and unlocks, ${post.series.range.from} to ${post.series.range.to}`} />
        </section>
      )}
      <form onSubmit={onSubmit} noValidate className="admin-form">
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} value={form.title} onChange={(e) => set("title", e.target.value)} required maxLength={200} {...described("title")} />
          {err("title")}
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-type`}>Type</label>
            <select id={`${id}-type`} value={form.type} onChange={(e) => set("type", e.target.value as Form["type"])} {...described("type")}>
              {TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
            {err("type")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-slug`}>Address (slug)</label>
            <input id={`${id}-slug`} value={form.slug} onChange={(e) => set("slug", e.target.value)} placeholder="from the title" {...described("slug")} />
            <p className="small muted">/{form.type}/{form.slug || "…"}</p>
            {err("slug")}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-summary`}>Summary (public teaser)</label>
          <textarea id={`${id}-summary`} rows={2} value={form.summary} onChange={(e) => set("summary", e.target.value)} maxLength={1000} {...described("summary")} />
          {err("summary")}
        </div>
        <div className="editor-split">
          <div className="field">
            <label htmlFor={`${id}-body`}>Body (Markdown; paid readers see it)</label>
            <textarea id={`${id}-body`} rows={14} value={form.body} onChange={(e) => set("body", e.target.value)} disabled={bodyState === "loading"} data-testid="post-body" {...described("body")} />
            {bodyState === "loading" && <p className="small muted" role="status">Loading the body…</p>}
            {bodyState === "error" && <p className="error small" role="alert">The body could not be loaded; saving without touching it keeps it as it is.</p>}
            {err("body")}
          </div>
          <section className="field body-preview" aria-labelledby={`${id}-preview-h`} data-testid="body-preview">
            <h2 id={`${id}-preview-h`} className="small muted">Preview (as readers see it)</h2>
            <ShareBody body={{ content: form.body, media: { items: previewItems } }} />
          </section>
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={`${id}-cover`}>Cover image URL (the only public image)</label>
            <input id={`${id}-cover`} type="url" value={form.coverUrl} onChange={(e) => set("coverUrl", e.target.value)} placeholder="https://…" {...described("coverUrl")} />
            {form.coverUrl && /^(https?:|data:image\/)/.test(form.coverUrl) && <img className="cover-thumb" src={form.coverUrl} alt="Cover preview" />}{/* eslint-disable-line @next/next/no-img-element */}
            {err("coverUrl")}
          </div>
          {form.type === "video" && (
            <div className="field">
              <label htmlFor={`${id}-video`}>External video URL (optional)</label>
              <input id={`${id}-video`} type="url" value={form.externalVideoUrl} onChange={(e) => set("externalVideoUrl", e.target.value)} {...described("externalVideoUrl")} />
              {err("externalVideoUrl")}
            </div>
          )}
        </div>
        <MediaUpload
          files={uploads}
          endpoint="/api/upload"
          embedOffset={attached}
          onUploaded={(u) => { setUploads((l) => [...l, u]); setErrors((e) => ({ ...e, media: undefined })); }}
          onRemove={(i) => setUploads((l) => l.filter((_, j) => j !== i))}
          onInsert={(i) => set("body", `${form.body}${form.body && !form.body.endsWith("\n") ? "\n\n" : ""}![${uploads[i]?.fileName ?? "media"}](svc-embed://${attached + i})\n`)}
        />
        {attached > 0 && <p className="small muted">{attached} media file{attached === 1 ? " is" : "s are"} already attached (svc-embed://0{attached > 1 ? `…${attached - 1}` : ""}); new files come after.</p>}
        {err("media")}
        <fieldset className="field-group">
          <legend>Price and access</legend>
          <div className="field-row">
            <div className="field">
              <label htmlFor={`${id}-price`}>Price (USDC, 0 for free)</label>
              <input id={`${id}-price`} inputMode="decimal" value={form.price} onChange={(e) => set("price", e.target.value)} {...described("price")} />
              {err("price")}
            </div>
            <div className="field">
              <label htmlFor={`${id}-wlprice`}>Whitelist price (empty: the price; 0: free for the list)</label>
              <input id={`${id}-wlprice`} inputMode="decimal" value={form.whitelistPrice} onChange={(e) => set("whitelistPrice", e.target.value)} {...described("whitelistPrice")} />
              {err("whitelistPrice")}
            </div>
            <div className="field">
              <label htmlFor={`${id}-tier`}>Tier label</label>
              <input id={`${id}-tier`} value={form.tier} onChange={(e) => set("tier", e.target.value)} {...described("tier")} />
              {err("tier")}
            </div>
          </div>
          <AgentsSetting id={id} value={form.agents} onChange={(v) => set("agents", v)} />
          {err("accessPolicy")}
          <div className="field checkbox">
            <input id={`${id}-public`} type="checkbox" checked={form.publicAccess} onChange={(e) => set("publicAccess", e.target.checked)} />
            <label htmlFor={`${id}-public`}>Public access (off: invite-only, only the whitelist may read or buy)</label>
          </div>
          <div className="field">
            <label htmlFor={`${id}-whitelist`}>Whitelist (wallet addresses, one per line)</label>
            <textarea id={`${id}-whitelist`} rows={3} value={form.whitelist} onChange={(e) => set("whitelist", e.target.value)} placeholder="0x…" {...described("whitelist")} />
            {err("whitelist")}
          </div>
          <div className="field">
            <label htmlFor={`${id}-tags`}>Tags (comma-separated)</label>
            <input id={`${id}-tags`} value={form.tags} onChange={(e) => set("tags", e.target.value)} {...described("tags")} />
            {err("tags")}
          </div>
        </fieldset>
        {formError && <p className="error" role="alert" data-testid="editor-error">{formError}</p>}
        {notice && <p className="ok" role="status" data-testid="editor-notice">{notice}</p>}
        <div className="row-actions">
          <button type="submit" className="btn" disabled={busy !== null || bodyState === "loading"} data-testid="save-post">{busy === "save" ? "Saving…" : isNew ? "Save draft" : "Save"}</button>
          {isNew && <button type="button" className="btn" disabled={busy !== null} onClick={() => void save("published")} data-testid="publish-new">{busy === "publish" ? "Publishing…" : "Publish"}</button>}
          {post?.status === "draft" && <button type="button" className="btn" disabled={busy !== null} onClick={() => void action("publish")} data-testid="publish-post">{busy === "publish" ? "Publishing…" : "Publish"}</button>}
          {post?.status === "published" && <button type="button" className="btn btn-quiet" disabled={busy !== null} onClick={() => void action("unpublish")} data-testid="unpublish-post">{busy === "unpublish" ? "Unpublishing…" : "Unpublish"}</button>}
          {post && <button type="button" className="btn btn-danger" disabled={busy !== null} onClick={() => void action("delete")} data-testid="delete-post">{busy === "delete" ? "Deleting…" : "Delete"}</button>}
        </div>
      </form>
      {post && <PostAccessPanel post={post} walletOfAdmin={walletOfAdmin} />}
    </section>
  );
}
