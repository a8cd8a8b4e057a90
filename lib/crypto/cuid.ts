import { hostname } from "node:os";

const BASE = 36;
const BLOCK = 4;
const DISCRETE = BASE ** BLOCK;

function pad(text: string, size: number): string {
  return ("000000000" + text).slice(-size);
}

/** Prisma's cuid fingerprint: the process id and the host name, two base-36 characters each. */
const FINGERPRINT = (() => {
  const host = (() => {
    try {
      return hostname();
    } catch {
      return "hostname";
    }
  })();
  const sum = host.split("").reduce((acc, ch) => acc + ch.charCodeAt(0), host.length + BASE);
  return pad(process.pid.toString(BASE), 2) + pad(sum.toString(BASE), 2);
})();

let counter = 0;

/**
 * A cuid (v1) exactly as Prisma's `@default(cuid())` makes one: "c", the time in ms, a counter, the
 * process fingerprint and 8 random characters, all base 36 (25 characters today). For rows the money
 * path inserts with raw statements (lib/x402/insert-paid-rows.ts), whose ids must look like the rest.
 */
export function cuid(): string {
  counter = counter < DISCRETE ? counter : 0;
  const count = pad((counter++).toString(BASE), BLOCK);
  const random = () => pad(((Math.random() * DISCRETE) << 0).toString(BASE), BLOCK);
  return "c" + Date.now().toString(BASE) + count + FINGERPRINT + random() + random();
}
