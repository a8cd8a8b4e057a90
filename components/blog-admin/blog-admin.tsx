"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAccount } from "wagmi";
import type { ChainConfig } from "@/components/chain-config";
import { WalletProviders } from "@/components/providers";
import { useBlogSession } from "@/components/reader/use-blog-session";
import { useConnectWallet } from "@/components/use-connect-wallet";
import type { AdminPostData } from "@/lib/blog/admin-page-data";
import type { PassAdminData } from "@/lib/passes/pass-admin-data";
import { PassSettings } from "./pass-settings";
import { PostEditor } from "./post-editor";
import { PostList } from "./post-list";

export type BlogInfo = { name: string; domain: string; origin: string; hubOrigin: string };

type Props = { chain: ChainConfig; blog: BlogInfo; session: string | null; admin: boolean; posts: AdminPostData[]; pass: PassAdminData | null };

/**
 * The blog editor on the blog's own origin: signed out it offers the wallet sign-in (the blog's
 * sb_auth_session); signed in without the admin role it says so; as an admin it lists the posts and
 * edits one. Every action calls the blog's admin API; the server page reloads after each change.
 */
export function BlogAdmin(props: Props) {
  return (
    <WalletProviders chain={props.chain}>
      <BlogAdminInner {...props} />
    </WalletProviders>
  );
}

function BlogAdminInner({ blog, session, admin, posts, pass }: Props) {
  const router = useRouter();
  const auth = useBlogSession(session);
  const { me, signOut } = auth;
  const [editing, setEditing] = useState<string | "new" | null>(null);
  // What the last action said ("Published."), kept across the editor's remount when a new post gets its id.
  const [flash, setFlash] = useState<string | null>(null);
  if (!me) return <AdminSignIn blog={blog} auth={auth} onSignedIn={() => router.refresh()} />;
  // Signed in here; the server page (which knows the role) is being refreshed with the new session.
  if (session?.toLowerCase() !== me.wallet.toLowerCase()) return <p role="status" className="muted">Signed in. Loading the editor…</p>;
  if (!admin) {
    return (
      <section className="reader-panel" aria-labelledby="not-admin-h">
        <h2 id="not-admin-h">Not an admin of this blog</h2>
        <p>You are signed in as <code>{me.wallet}</code>, which is neither the owner of {blog.domain} nor one of its admins.</p>
        <button type="button" className="btn btn-quiet" onClick={() => void signOut().then(() => router.refresh())}>Sign out</button>
      </section>
    );
  }
  const current = editing && editing !== "new" ? posts.find((p) => p.id === editing) ?? null : null;
  // Just saved: the refreshed list with the new post is on its way.
  if (editing && editing !== "new" && !current) return <p role="status" className="muted">Loading the post…</p>;
  return (
    <div className="blog-admin">
      <p className="sb-meta">
        Signed in as <code>{me.wallet.slice(0, 6)}…{me.wallet.slice(-4)}</code> · <Link href="/">View the blog</Link> · <a href={`${blog.hubOrigin}/dashboard`}>Hub dashboard</a> ·{" "}
        <button type="button" className="link-button" onClick={() => void signOut().then(() => router.refresh())}>Sign out</button>
      </p>
      {editing === null ? (
        <>
          <PostList posts={posts} onEdit={(id) => { setFlash(null); setEditing(id); }} onNew={() => { setFlash(null); setEditing("new"); }} />
          {pass && <PassSettings data={pass} onSaved={() => router.refresh()} />}
        </>
      ) : (
        <PostEditor
          key={editing}
          post={current}
          walletOfAdmin={me.wallet}
          notice={flash}
          onClose={() => { setEditing(null); setFlash(null); router.refresh(); }}
          onSaved={(id, said) => { setFlash(said); setEditing(id); router.refresh(); }}
          onDeleted={() => { setEditing(null); setFlash(null); router.refresh(); }}
        />
      )}
    </div>
  );
}

function AdminSignIn({ blog, auth, onSignedIn }: { blog: BlogInfo; auth: ReturnType<typeof useBlogSession>; onSignedIn: () => void }) {
  const { address } = useAccount();
  const { connect, dialog } = useConnectWallet({ payUrl: null });
  const { signIn, busy, error, status } = auth;
  return (
    <section className="reader-panel" aria-labelledby="admin-signin-h">
      <h2 id="admin-signin-h">Sign in to edit {blog.name}</h2>
      <p>The editor belongs to the blog&apos;s owner and admins. Connect the owner&apos;s wallet and sign a short message (no transaction, no gas).</p>
      {!address ? (
        <button key="connect" type="button" className="btn" onClick={() => void connect()}>Connect wallet</button>
      ) : (
        <button key="sign-in" type="button" className="btn" disabled={busy} onClick={() => void signIn(address).then((ok) => ok && onSignedIn())} data-testid="admin-sign-in">
          {status === "waiting-signature" ? "Confirm in your wallet…" : status === "verifying" ? "Checking…" : `Sign in as ${address.slice(0, 6)}…${address.slice(-4)}`}
        </button>
      )}
      {error && <p role="alert" className="error">{error}</p>}
      {dialog}
    </section>
  );
}
