import { newSlug } from "./new-slug";

/**
 * Runs `create` with a fresh random slug, retrying on a unique-constraint clash (P2002). Slugs are
 * the only unique value such a write can collide on: inputs are deduplicated beforehand.
 */
export async function withFreshSlug<T>(create: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create(newSlug());
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002" || attempt >= 4) throw err;
    }
  }
}
