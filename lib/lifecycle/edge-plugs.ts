import { blogDomainOfHost, blogRequestOrigin } from "@/lib/blog/blog-domain";
import { blogPages } from "@/lib/blog/blog-edge";
import type { EdgePlugs } from "@/lib/edge/plugs";
import { discoveryPages } from "@/lib/hub/discovery-pages";
import { sharePages } from "@/lib/quickshare/share-edge";
import { HEADERS } from "@/lib/x402/constants";
import { ACTOR_HEADER, PROOF_HEADER } from "@/lib/x402/parse-credentials";
import { API_HANDLERS } from "./api-handlers";

/** The one place the domains plug into the request edge (lib/edge, which imports none of them). */
export const edgePlugs: EdgePlugs = {
  blogOfHost: blogDomainOfHost,
  blogOrigin: (host, forwardedProto) => blogRequestOrigin({ host, forwardedProto, https: false }),
  personalHeaders: [...HEADERS.signature, HEADERS.transferTx, HEADERS.txOwner, HEADERS.siwx, PROOF_HEADER, ACTOR_HEADER],
  pages: [sharePages, blogPages, discoveryPages],
  // The built server answers API requests with their handlers from the edge; `next dev` keeps Next's
  // router, which recompiles a route when its file changes.
  apiHandlers: process.env.NODE_ENV === "production" ? API_HANDLERS : [],
};
