import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RateContent } from "@/components/reader/rate-content";
import { Stars } from "@/components/stars";
import { findContent } from "@/lib/content/find-content";
import { ratingStats } from "@/lib/reputation/rating-stats";

export const metadata: Metadata = { title: "Rate content" };

/** /rate on its own: say how to get to a rating instead of a bare 404. */
function ChooseContent() {
  return (
    <>
      <h1>Rate content</h1>
      <p>Ratings come from buyers: open something you bought on <Link href="/explore">Explore</Link> and choose <strong>Rate</strong> on its card, or follow the rating link on your receipt.</p>
      <p className="muted">A rating is a transaction on chain from the wallet that paid, so it costs a little gas.</p>
    </>
  );
}

// GET /rate?contentId= — rate content you unlocked (prepare, rateContent through the wallet, index)
export default async function RatePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { contentId } = await searchParams;
  if (!contentId) return <ChooseContent />;
  const content = await findContent(contentId).catch(() => null);
  if (!content) notFound();
  const stats = await ratingStats({ contentId: content.id });
  return (
    <>
      <h1>{content.title}</h1>
      <p className="muted"><a href={content.url}>{content.url}</a></p>
      <p id="rating-summary"><Stars average={stats.count > 0 ? stats.average : null} count={stats.count} glyphs /></p>
      <RateContent contentId={content.id} />
    </>
  );
}
