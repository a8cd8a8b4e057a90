import { env } from "@/lib/env";
import { lruMemo } from "@/lib/lru-memo";
import { randomText } from "@/lib/random-text";

/** The request header that carries this request's CSP nonce to pages and server-rendered HTML. */
export const NONCE_HEADER = "x-nonce";

// Powerful features no page of the hub or of a hosted blog uses: denied to the page and to any frame
// in it. Only features Chromium knows (an unknown name is a console warning on every page).
const DENIED_FEATURES = [
  "accelerometer", "autoplay", "camera", "display-capture", "geolocation", "gyroscope", "hid", "idle-detection",
  "magnetometer", "microphone", "midi", "payment", "screen-wake-lock", "serial", "usb", "xr-spatial-tracking",
];

/**
 * The policy of decrypted media and covers (served from the hub's or a blog's origin, so they must never
 * run script there): no page policy, a sandbox. Sent by the request hook for media paths.
 */
export const MEDIA_POLICY = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
// Share media and covers (also under /api), and a hosted blog's media (also on the rewritten /sb/<domain>/ path).
const MEDIA_PATH = /\/(quickshare\/[^/]+\/(media|cover)|api\/svc\/media)(\/|$)/;

export type SecurityHeaders = {
  /** The nonce of this request's policy. */
  nonce: string;
  /** The request headers to pass on to the app: the client's, plus the nonce and the policy Next reads it from. */
  request: Headers;
  /** The headers every response to this request carries. */
  response: [name: string, value: string][];
};

/**
 * The browser security headers of one request to the hub or a hosted blog, made in this one place for
 * response (pages, the share and blog pages, JSON, media, the 404 page): by the server's request hook
 * (lib/edge/request-edge.ts).
 *
 * - `Content-Security-Policy`: scripts only by this request's nonce (`'strict-dynamic'` lets Next's
 *   nonce'd scripts load their chunks; `'unsafe-eval'` only in development, where React needs it);
 *   styles from the hub or inline (React `style` props and RainbowKit's injected styles; a nonce in
 *   `style-src` would make browsers ignore `'unsafe-inline'`); `connect-src` the page's own origin, the
 *   public RPC (wagmi reads the chain from the browser) and, on a blog, the blog's origin and the hub's
 *   (the paywall reads the Gateway balance from the hub's API); images and
 *   media from the page's origin, `data:`/`blob:` (wallet icons, previews), CSP_MEDIA_ORIGINS and, on a
 *   blog, any https host (a post's cover is a URL its creator chose);
 *   `frame-ancestors 'none'` unless FRAME_ANCESTORS names embedding sites.
 * - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (older browsers; only when no site may frame),
 *   `Referrer-Policy` (`no-referrer` on share pages, whose URL is the capability), `Permissions-Policy`,
 *   `Cross-Origin-Opener-Policy: same-origin-allow-popups` (wallet pop-ups keep their opener), and
 *   `Strict-Transport-Security` when HUB_ORIGIN is https.
 *
 * Media and covers get MEDIA_POLICY instead of the page policy. An answer that is never a page (the
 * API) gets `answerSecurityHeaders` instead: no nonce, no script.
 *
 * @param blogOrigin the origin a hosted blog was requested on (null on the hub)
 */
export function securityHeaders({ headers, pathname, blogOrigin }: {
  headers: Headers;
  pathname: string;
  blogOrigin: string | null;
}): SecurityHeaders {
  const n = randomText(16, "base64");
  const csp = pagePolicy(`'self' 'nonce-${n}' 'strict-dynamic'${env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`, blogOrigin);
  const request = new Headers(headers);
  request.set(NONCE_HEADER, n);
  request.set("content-security-policy", csp); // Next reads the nonce for its own scripts from here
  return { nonce: n, request, response: responseHeaders(csp, pathname) };
}

const kept = lruMemo<[string, string][]>(512);

/**
 * The same headers for an answer that is never a page (the API's JSON, feeds, documents, media): its
 * policy runs no script at all (`script-src 'none'`), so it needs no nonce, and the list depends only on
 * the blog's origin and the kind of path: made once and kept (a few strings per distinct origin). Every
 * API request pays this instead of a random nonce and a policy built for it (bench/README.md, session 22).
 */
export function answerSecurityHeaders({ pathname, blogOrigin }: { pathname: string; blogOrigin: string | null }): [string, string][] {
  const kind = MEDIA_PATH.test(pathname) ? "media" : isSharePath(pathname) ? "share" : "other";
  return kept.get(`${kind}\n${blogOrigin ?? ""}`, () => responseHeaders(pagePolicy("'none'", blogOrigin), pathname));
}

const isSharePath = (pathname: string) => pathname === "/qs" || pathname.startsWith("/qs/") || pathname.startsWith("/api/qs/");

/** The page policy with this script-src (a nonce for a page, 'none' for an answer that is no page). */
function pagePolicy(scripts: string, blogOrigin: string | null): string {
  const https = env.HUB_ORIGIN.startsWith("https:");
  const ancestors = env.FRAME_ANCESTORS.length ? env.FRAME_ANCESTORS.join(" ") : "'none'";
  // A blog post's cover is a URL its creator chose (any https host); the hub's own pages show only its own media.
  const media = ["'self'", "data:", "blob:", ...env.CSP_MEDIA_ORIGINS, ...(blogOrigin ? ["https:"] : [])].join(" ");
  // A blog page's paywall also asks the hub that hosts the blog (its public API, CORS *): the Gateway balance.
  const connect = ["'self'", new URL(env.PUBLIC_RPC_URL).origin, ...(blogOrigin ? [blogOrigin, new URL(env.HUB_ORIGIN).origin] : [])].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Every response's headers under this policy (media paths get MEDIA_POLICY instead). */
function responseHeaders(csp: string, pathname: string): [string, string][] {
  const response: [string, string][] = [
    ["content-security-policy", MEDIA_PATH.test(pathname) ? MEDIA_POLICY : csp],
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", isSharePath(pathname) ? "no-referrer" : "strict-origin-when-cross-origin"],
    ["permissions-policy", DENIED_FEATURES.map((f) => `${f}=()`).join(", ")],
    ["cross-origin-opener-policy", "same-origin-allow-popups"],
  ];
  if (!env.FRAME_ANCESTORS.length) response.push(["x-frame-options", "DENY"]);
  if (env.HUB_ORIGIN.startsWith("https:")) response.push(["strict-transport-security", "max-age=31536000"]);
  return response;
}
