import "server-only";
import { cookies, headers } from "next/headers";
import { readSession, type Session } from "@/lib/auth/session";
import { requestNow } from "./request-clock";

/**
 * What a server component page knows of its request, read the way route handlers read it: the hub
 * session (or a blog's, with its audience and cookie), the decision time (the test clock when on) and its headers.
 */
export async function pageRequest({ audience, cookieName }: { audience?: string; cookieName?: string } = {}): Promise<{ session: Session | null; now: Date; headers: Pick<Headers, "get" | "has"> }> {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const session = await readSession({ cookies: jar }, audience, cookieName);
  return { session, now: requestNow(new Request("http://page.local/", { headers: h })), headers: h };
}
