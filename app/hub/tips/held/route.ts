import { route } from "@/lib/http/route";
import { heldQuery } from "@/lib/schemas/tips";
import { listHeld } from "@/lib/tips/list-held";

// GET /hub/tips/held — tips still held for a domain (public)
export const GET = route({ query: heldQuery }, ({ query }) => listHeld(query));
