// Runs an example creator site from examples/ as a real child process on loopback, configured only
// by its environment, as a creator would run it.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eventually } from "./x402";

export type ExampleSite = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> };

export async function startExampleSite(name: "express-site" | "hono-site", env: Record<string, string>): Promise<ExampleSite> {
  const dir = path.resolve(import.meta.dirname, "../../examples", name);
  const child = spawn(process.execPath, ["server.mjs"], { cwd: dir, env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", ...env } as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const url = `http://127.0.0.1:${env.PORT}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output}`);
      return fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    },
    { what: `${name} on ${url}` },
  );
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
