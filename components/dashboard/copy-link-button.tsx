"use client";

import { useState } from "react";

/** Copies the share's absolute link; says so (or shows the link to copy by hand when the clipboard is refused). */
export function CopyLinkButton({ path, label = "Copy link" }: { path: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const url = typeof window === "undefined" ? path : new URL(path, window.location.origin).toString();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 4000);
  }
  return (
    <span className="copy-link">
      <button type="button" className="btn btn-quiet btn-small" onClick={copy}>{label}</button>
      <span role="status" className="small">{state === "copied" ? "Copied." : state === "failed" ? <>Copy it: <code>{url}</code></> : ""}</span>
    </span>
  );
}
