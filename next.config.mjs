/** @type {import('next').NextConfig} */
const nextConfig = {
  // HUB_NEXT_DIST_DIR: the start command's tests build into their own directory (.next-start-test), so
  // a build they interrupt on purpose never touches the .next the other tests run.
  distDir: process.env.HUB_NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // The hub and its agents never need Next's telemetry or remote images.
  images: { unoptimized: true },
  // React's stylesheet-preload Link headers would join (or replace) the Link header to the manifest
  // that the interface requires on share and blog pages (set by the request edge, lib/edge/request-edge.ts): off.
  reactMaxHeadersLength: 0,
  // libsecp256k1's and keccak's prebuilt bindings are found beside their packages at run time: keep them out of the bundle.
  serverExternalPackages: ["keccak", "secp256k1"],
  async rewrites() {
    return {
      // A hosted blog's pages: the request edge names the blog's domain in x-hub-blog-page
      // (lib/edge/request-edge.ts; a client's own copy is dropped), and Next serves its /sb/<domain>/…
      // tree, keeping the reader's URL for the client router. A blog's API requests have no client
      // router: the edge rewrites their path into that tree itself, and this never matches them.
      beforeFiles: [{ source: "/:path*", has: [{ type: "header", key: "x-hub-blog-page", value: "(?<domain>.+)" }], destination: "/sb/:domain/:path*" }],
      // Legacy form: every route also answers under /api/... . Fallback rewrites run only when no
      // real route matched, so /api/openapi.json and /api/svc/* keep their own handlers.
      fallback: [{ source: "/api/:path*", destination: "/:path*" }],
    };
  },
};

export default nextConfig;
