import { Stars } from "@/components/stars";
import type { ContentCard } from "@/lib/explore/to-content-card";

/** One explore card: what it is, where it lives (and whether that site is verified), its price and rating. */
export function ContentCardView({ card }: { card: ContentCard }) {
  const stars = card.reputationStars;
  return (
    <article className="card explore-card" aria-labelledby={`card-${card.id}`} data-testid="content-card">

      <p className="explore-meta">
        <span className="badge">{card.contentType}</span>
        {card.websiteVerified ? (
          <span className="badge badge-ok" title={`Verification: ${card.websiteVerificationStatus}`}>✓ verified site</span>
        ) : (
          <span className="badge" title={`Verification: ${card.websiteVerificationStatus}`}>unverified</span>
        )}
      </p>
      <h2 id={`card-${card.id}`}><a href={card.url}>{card.title}</a></h2>
      <p className="muted">{card.websiteName} · {card.websiteDomain}</p>
      {card.description && <p>{card.description.length > 160 ? `${card.description.slice(0, 157)}…` : card.description}</p>}
      <p className="explore-meta">
        <span className="price-tag">{card.price > 0 ? `${card.price} ${card.currency}` : "Free"}</span>
        <span>
          <Stars average={stars} count={card.ratings} glyphs />
        </span>
      </p>
      <p className="explore-meta">
        <span>{card.unlocks} {card.unlocks === 1 ? "unlock" : "unlocks"}</span><span>{card.views} {card.views === 1 ? "view" : "views"}</span>
        <a href={`/tip?url=${encodeURIComponent(card.url)}`} aria-label={`Tip the creator of ${card.title}`}>Tip</a>
        {card.price > 0 && <a href={`/rate?contentId=${encodeURIComponent(card.id)}`} aria-label={`Rate ${card.title}`}>Rate</a>}
      </p>
    </article>
  );
}
