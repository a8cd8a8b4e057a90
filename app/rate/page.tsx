import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RateContent } from "@/components/reader/rate-content";
import { findContent } from "@/lib/content/find-content";
import { ratingStats } from "@/lib/reputation/rating-stats";

export const metadata: Metadata = { title: "Rate content" };

// GET /rate?contentId= — rate content you unlocked (prepare, rateContent through the wallet, index)
export default async function RatePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { contentId } = await searchParams;
  if (!contentId) notFound();
  const content = await findContent(contentId).catch(() => null);
  if (!content) notFound();
  const stats = await ratingStats({ contentId: content.id });
  return (
    <>
      <h1>{content.title}</h1>
      <p className="muted"><a href={content.url}>{content.url}</a></p>
      <p>{stats.count > 0 ? `${stats.average.toFixed(1)} / 5 from ${stats.count} ${stats.count === 1 ? "rating" : "ratings"}` : "No ratings yet."}</p>
      <RateContent contentId={content.id} />
    </>
  );
}
