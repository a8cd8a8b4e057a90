import { homeSummary } from "@/lib/hub/home-summary";
import { headers } from "next/headers";
import { keepPage } from "@/lib/edge/handoff";

export default async function HomePage() {
  // Public reads and the URL alone: an anonymous reader's render may be kept (lib/hub/discovery-pages.ts).
  keepPage(await headers());
  const summary = await homeSummary();
  return (
    <>
      <section className="hero">
        <p className="badge">{summary.network}</p>
        <h1>Sell what you write, record and draw — for USDC, on your own domain.</h1>
        <p>
          Paid Content Hub lets creators put a price on a page and get paid in USDC over x402: a request without
          payment gets HTTP 402 and a challenge, the reader signs a payment from a browser wallet (or an agent signs
          with any HTTP client), and the content comes back with a receipt. Shares, tips, ratings and a public ledger
          are part of the same hub.
        </p>
      </section>
      <ul className="stats" aria-label="Hub figures">
        <li><strong>{summary.sites}</strong> verified sites</li>
        <li><strong>{summary.content}</strong> content items</li>
      </ul>
      <section aria-labelledby="recent-h">
        <h2 id="recent-h">Newest content</h2>
        {summary.recent.length === 0 ? (
          <p className="empty">No content yet. Register a site and embed the widget, and its pages appear here.</p>
        ) : (
          <div className="grid">
            {summary.recent.map((c) => (
              <article key={c.id} className="card">
                <h3><a href={c.url}>{c.title}</a></h3>
                <p className="muted">{c.siteName} · {c.domain}</p>
                <p><span className="badge">{c.contentType}</span> {c.price === "0" ? "Free" : `${c.price} USDC`}</p>
              </article>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="agents-h">
        <h2 id="agents-h">For agents and developers</h2>
        <ul>
          <li><a href="/api/openapi.json">OpenAPI 3.1 document</a> describing every route</li>
          <li><a href="/.well-known/llms.txt">llms.txt</a>: how an agent finds, pays for and reads content here</li>
          <li>MCP server at <code>POST /mcp</code> (Streamable HTTP): explore, ledger, statistics, leaderboards, shares</li>
          <li>Discovery of paid resources: <a href="/.well-known/x402">/.well-known/x402</a></li>
          <li>Sign in with a wallet (EIP-4361): <code>GET /auth/nonce</code>, <code>POST /auth/verify</code></li>
        </ul>
      </section>
    </>
  );
}
