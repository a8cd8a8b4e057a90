import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { operation } from "@/lib/http/operation";
import { pathsOf } from "./helpers";

export const paywallOp = operation({
  method: "get",
  path: "/hub/paywall.js",
  doc: {
    tags: ["sites"],
    summary: "The browser paywall for a creator's own site",
    description:
      "A creator's stock x402 middleware serves `<script src=\"<hub>/hub/paywall.js\"></script>` as its paywall HTML (docs/own-site.md, \"Readers in a browser\"). The script reads the page's PAYMENT-REQUIRED challenge, sends the reader to the hub's checkout page (`/checkout?pr=<PAYMENT-REQUIRED>`) where their wallet signs the plain EIP-3009 payment, retries the page with the returned PAYMENT-SIGNATURE and shows what the creator's server answers, keeping the paid page in the browser for reloads.",
    answer: "JavaScript",
    answerContent: { "application/javascript": { schema: z.string() } },
  },
});

export const checkoutPaths: ZodOpenApiPathsObject = pathsOf(paywallOp);
