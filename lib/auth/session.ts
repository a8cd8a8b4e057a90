import "server-only";
import { sealData, unsealData } from "iron-session";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export const SESSION_COOKIE = "auth_session";
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export type Session = { id: string; wallet: `0x${string}`; expiresAt: Date };

type SealedSession = { sid: string };

/** A request's cookies, or Next's `cookies()` store in a server component. */
type CookieSource = Pick<NextRequest, "cookies"> | { cookies: { get(name: string): { value: string } | undefined } };

/**
 * The cookie only carries a sealed session id; the session itself is a database row, so logging
 * out (or revoking) kills the cookie everywhere even though it is still cryptographically valid.
 */
/** Hosted blogs' session cookie (audience: the blog's Site.id). */
export const BLOG_SESSION_COOKIE = "sb_auth_session";

export async function readSession(req: CookieSource, audience = "hub", cookieName = SESSION_COOKIE): Promise<Session | null> {
  const sealed = req.cookies.get(cookieName)?.value;
  if (!sealed) return null;
  let sid: string | undefined;
  try {
    ({ sid } = await unsealData<SealedSession>(sealed, { password: env.SESSION_PASSWORD, ttl: SESSION_TTL_SECONDS }));
  } catch {
    return null;
  }
  if (!sid) return null;
  const row = await db.authSession.findUnique({ where: { id: sid } });
  if (!row || row.revokedAt || row.audience !== audience || row.expiresAt <= new Date()) return null;
  return { id: row.id, wallet: row.wallet as `0x${string}`, expiresAt: row.expiresAt };
}

/** Creates the session row and returns the Set-Cookie header value for it. */
export async function createSession(wallet: `0x${string}`, audience = "hub", cookieName = SESSION_COOKIE) {
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const row = await db.authSession.create({ data: { wallet, audience, expiresAt } });
  const sealed = await sealData({ sid: row.id } satisfies SealedSession, { password: env.SESSION_PASSWORD, ttl: SESSION_TTL_SECONDS });
  return { session: { id: row.id, wallet, expiresAt }, cookie: sessionCookie(sealed, SESSION_TTL_SECONDS, cookieName) };
}

export async function revokeSession(id: string) {
  await db.authSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** HttpOnly, SameSite=Lax, Secure whenever the hub is served over https. */
export function sessionCookie(value: string, maxAge: number, name = SESSION_COOKIE) {
  const parts = [`${name}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (env.SECURE_COOKIES) parts.push("Secure");
  return parts.join("; ");
}
