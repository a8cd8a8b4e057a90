"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { callApi, fieldErrors } from "./call-api";

type Opened = { domain: string; origin: string; name: string };
const FIELDS = ["name", "title", "domain", "description"] as const;

/** POST /hub/blogs: opens a hosted blog for the signed-in wallet; shows its address and a link to its editor. */
export function OpenBlogForm({ rootDomain }: { rootDomain: string }) {
  const id = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState("");
  const [opened, setOpened] = useState<Opened | null>(null);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setBusy(true);
    setErrors({});
    setError(null);
    setOpened(null);
    try {
      const res = await callApi<Opened>("/hub/blogs", { json: { name: name.trim(), title: String(f.get("title") ?? "").trim() || undefined } });
      setOpened(res);
      setName("");
      form.reset();
      router.refresh();
    } catch (err) {
      const { fields, rest } = fieldErrors(err, FIELDS);
      setErrors(fields);
      setError(rest ?? (Object.keys(fields).length ? null : (err as Error).message));
    }
    setBusy(false);
  }

  return (
    <form className="filters" onSubmit={submit} noValidate aria-label="Open a hosted blog">
      <div className="field">
        <label htmlFor={`${id}-name`}>Blog name</label>
        <input
          id={`${id}-name`} name="name" required value={name} onChange={(e) => setName(e.target.value.toLowerCase())} placeholder="alice" autoComplete="off"
          aria-invalid={errors.name ? true : undefined} aria-describedby={`${id}-name-hint${errors.name ? ` ${id}-name-err` : ""}`}
        />
        <p id={`${id}-name-hint`} className="small muted">Lowercase letters, digits and -. The blog answers at <code>{name || "name"}.{rootDomain}</code>.</p>
        {errors.name && <p id={`${id}-name-err`} className="error small" role="alert">{errors.name}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title <span className="muted">(optional)</span></label>
        <input id={`${id}-title`} name="title" maxLength={120} autoComplete="off" aria-invalid={errors.title ? true : undefined} />
        {errors.title && <p className="error small" role="alert">{errors.title}</p>}
      </div>
      <button className="btn" type="submit" disabled={busy} data-testid="open-blog">{busy ? "Opening…" : "Open a blog"}</button>
      {error && <p role="alert" className="error">{error}</p>}
      {opened && (
        <p role="status" className="ok" data-testid="blog-opened">
          Opened <a href={opened.origin}>{opened.origin}</a>. Write your first post in <a href={`${opened.origin}/admin`}>its editor</a> (sign in there with this wallet).
        </p>
      )}
    </form>
  );
}
