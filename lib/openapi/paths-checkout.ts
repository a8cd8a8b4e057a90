import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

export const checkoutPaths: ZodOpenApiPathsObject = {
  "/hub/paywall.js": {
    get: {
      tags: ["sites"],
      summary: "The browser paywall for a creator's own site",
      description:
        "A creator's stock x402 middleware serves `<script src=\"<hub>/hub/paywall.js\"></script>` as its paywall HTML (docs/own-site.md, \"Readers in a browser\"). The script reads the page's PAYMENT-REQUIRED challenge, sends the reader to the hub's checkout page (`/checkout?pr=<PAYMENT-REQUIRED>`) where their wallet signs the plain EIP-3009 payment, retries the page with the returned PAYMENT-SIGNATURE and shows what the creator's server answers, keeping the paid page in the browser for reloads.",
      responses: { "200": { description: "JavaScript", content: { "application/javascript": { schema: z.string() } } } },
    },
  },
};
