// The page floor with the hub's own explore cards: the same dynamic server component as /page, rendering
// the hub's card component (components/reader/content-card.tsx) for the cards in the JSON file named by
// BARE_NEXT_CARDS (bench/reads.mjs writes the hub's first explore page there). No data is read per
// request: what is left is what Next and React cost to render that many cards, once into the flight data
// and once into HTML. bench/reads.mjs loads it beside the hub's rendered pages.
import { readFileSync } from "node:fs";
import { ContentCardView } from "@/components/reader/content-card";

export const dynamic = "force-dynamic";

let cards;

export default async function Cards() {
  cards ??= process.env.BARE_NEXT_CARDS ? JSON.parse(readFileSync(process.env.BARE_NEXT_CARDS, "utf8")) : [];
  return (
    <main>
      <h1>Explore</h1>
      <ul className="grid" style={{ listStyle: "none", padding: 0 }} aria-label="Content">
        {cards.map((c) => <li key={c.id}><ContentCardView card={c} /></li>)}
      </ul>
    </main>
  );
}
