import "server-only";
import { cookies } from "next/headers";
import { readSession, type Session } from "./session";

/** The signed-in wallet of the request a server component renders (null when signed out). */
export async function readPageSession(): Promise<Session | null> {
  return readSession({ cookies: await cookies() });
}
