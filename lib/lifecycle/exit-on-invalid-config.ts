import { getEnv } from "@/lib/env";

/**
 * Reads the configuration once at the server's start; when it is invalid, prints every problem and
 * ends the process (exit 1) instead of letting every request answer 500.
 */
export function exitOnInvalidConfig(): void {
  try {
    getEnv();
  } catch (err) {
    if ((err as Error).name !== "ConfigError") throw err;
    console.error((err as Error).message);
    process.exit(1);
  }
}
