import Link from "next/link";

const LINKS = [["/dashboard", "Overview"], ["/dashboard/new", "New share"], ["/dashboard/sites", "Sites and tips"], ["/dashboard/webhooks", "Webhooks"]] as const;

/** The dashboard's own tabs; the current one carries aria-current. */
export function DashboardNav({ current }: { current: (typeof LINKS)[number][0] }) {
  return (
    <nav className="tabs" aria-label="Dashboard">
      {LINKS.map(([href, label]) => <Link key={href} href={href} aria-current={href === current ? "page" : undefined}>{label}</Link>)}
    </nav>
  );
}
