import type { MetadataRoute } from "next";

// GET /manifest.webmanifest — the web app manifest (name, colours, icons), served on blog origins too
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Paid Content Hub",
    short_name: "Content Hub",
    description: "Sell content on your own domain for USDC over x402.",
    start_url: "/",
    display: "browser",
    background_color: "#fbfbfd",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
