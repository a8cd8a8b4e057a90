/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The hub and its agents never need Next's telemetry or remote images.
  images: { unoptimized: true },
  // React's stylesheet-preload Link headers would join (or replace) the Link header to the manifest
  // that the interface requires on share and blog pages (set by proxy.ts): off.
  reactMaxHeadersLength: 0,
  // libsecp256k1's prebuilt binding is found beside the package at run time: keep it out of the bundle.
  serverExternalPackages: ["secp256k1"],
  // Hosted blogs' POST /api/upload goes through the proxy's host rewrite: room for 30 MB of media.
  experimental: { proxyClientMaxBodySize: "31mb" },
  async rewrites() {
    return {
      // Legacy form: every route also answers under /api/... . Fallback rewrites run only when no
      // real route matched, so /api/openapi.json and /api/svc/* keep their own handlers.
      fallback: [{ source: "/api/:path*", destination: "/:path*" }],
    };
  },
};

export default nextConfig;
