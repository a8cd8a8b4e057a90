import type { ActivityType } from "./activity-input";

/** The public filter values (plural) and the row kinds they select. */
export const FILTER_TYPES: Record<string, ActivityType> = {
  views: "view",
  unlocks: "unlock",
  payments: "payment",
  ratings: "rating",
  tips: "tip",
  quickshare: "quickshare",
};
