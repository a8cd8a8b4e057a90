import type { Metadata } from "next";
import { platformStats } from "@/lib/ledger/platform-stats";
import { headers } from "next/headers";
import { keepPage } from "@/lib/edge/handoff";

export const metadata: Metadata = { title: "Statistics" };

export default async function StatsPage() {
  // Public reads and the URL alone: an anonymous reader's render may be kept (lib/hub/discovery-pages.ts).
  keepPage(await headers());
  const { stats } = await platformStats();
  const rows: [string, string | number][] = [
    ["Creators", stats.creators], ["Verified sites", stats.sites], ["Content items", stats.content],
    ["Views", stats.views], ["Unlocks", stats.unlocks], ["Revenue", `${stats.revenue} USDC`],
    ["Protocol fees", `${stats.protocolFees} USDC`], ["Tips", stats.tips], ["Tip revenue", `${stats.tipRevenue} USDC`],
    ["Quickshare views", stats.quickshareViews], ["Quickshare unlocks", stats.quickshareUnlocks], ["Quickshare revenue", `${stats.quickshareRevenue} USDC`],
  ];
  return (
    <>
      <h1>Platform statistics</h1>
      <p className="muted">Computed from the public ledger: revenue is paid unlocks plus tips (net of refunds) plus quickshare unlocks.</p>
      <dl className="grid">
        {rows.map(([k, v]) => (
          <div key={k} className="card"><dt className="muted">{k}</dt><dd className="figure">{v}</dd></div>
        ))}
      </dl>
    </>
  );
}
