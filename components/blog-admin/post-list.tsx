"use client";

import type { AdminPostData } from "@/lib/blog/admin-page-data";

/** The blog's posts with status, type, price, views, unlocks and revenue; an empty state that says how to start. */
export function PostList({ posts, onEdit, onNew }: { posts: AdminPostData[]; onEdit: (id: string) => void; onNew: () => void }) {
  return (
    <section aria-labelledby="posts-h">
      <div className="admin-head">
        <h1 id="posts-h" className="sb-title">Posts</h1>
        <button type="button" className="btn" onClick={onNew} data-testid="new-post">New post</button>
      </div>
      {posts.length === 0 ? (
        <div className="empty" data-testid="posts-empty">
          <h2>No posts yet</h2>
          <p>
            Write your first post with <strong>New post</strong>: a title, a Markdown body (the preview shows it as readers will), media if you like,
            and a price (0 for free). Save it as a draft, or publish it: published posts appear on the blog&apos;s front page and in the hub&apos;s explore feed.
          </p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="posts-table">
            <thead>
              <tr><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Type</th><th scope="col">Price</th><th scope="col">Views</th><th scope="col">Unlocks</th><th scope="col">Revenue</th></tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.id} data-testid="post-row">
                  <th scope="row">
                    <button type="button" className="link-button" onClick={() => onEdit(p.id)} aria-label={`Edit ${p.title}`}>{p.title}</button>
                    <br /><a className="small" href={p.path}>{p.path}</a>
                  </th>
                  <td><span className={`badge ${p.status === "published" ? "badge-free" : ""}`}>{p.status}</span>{!p.publicAccess && <> <span className="badge">invite-only</span></>}</td>
                  <td>{p.type}</td>
                  <td>{p.price === "0" ? "Free" : `${p.price} ${p.currency}`}</td>
                  <td>{p.views}</td>
                  <td>{p.unlocks}</td>
                  <td>{p.revenue} {p.currency}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
