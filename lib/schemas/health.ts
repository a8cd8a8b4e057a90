import { z } from "zod";

/** GET /health/ready: whether this instance should receive traffic, and what it waits for. */
export const readinessResponse = z.object({
  ready: z.boolean(),
  draining: z.boolean(),
  database: z.enum(["ok", "down"]),
  chain: z.enum(["ok", "down"]),
  settler: z.enum(["running", "off", "starting"]),
});
export type Readiness = z.input<typeof readinessResponse>;
