import pino, { type DestinationStream, type Logger } from "pino";
import pinoPretty from "pino-pretty";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";
import { requestContext } from "./request-context";

/**
 * The hub's one logger: JSON lines on stdout (pino), or readable lines (pino-pretty) when
 * LOG_FORMAT is pretty, or auto and stdout is a terminal (see logFormat). A line written while a request is served
 * carries its `reqId`. Configured secrets (session password, proof and blob keys, peer secret,
 * relayer key, provider and S3 keys, the metrics token, RPC URL credentials) are replaced by
 * `[redacted]` in every line, whatever logged them; fields named like credentials are redacted by
 * path too. Code should still not log them: this is the net under the rope.
 */
export const logger: () => Logger = processState("logger", createLogger);

/** The log's format for this process: LOG_FORMAT, with auto meaning pretty in a terminal and JSON elsewhere. */
export function logFormat(): "json" | "pretty" {
  if (env.LOG_FORMAT !== "auto") return env.LOG_FORMAT;
  return process.stdout.isTTY ? "pretty" : "json";
}

function createLogger(): Logger {
  const secrets = configuredSecrets();
  // Readable lines for a person at a terminal: time, level and message, then the fields on the same line.
  const pretty: DestinationStream | undefined =
    logFormat() === "pretty"
      ? pinoPretty({ colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true, sync: true })
      : undefined;
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { reqId: ctx.requestId } : {};
    },
    redact: {
      paths: ["cookie", "authorization", "signature", "privateKey", "password", "secret", "apiKey"].flatMap((k) => [k, `*.${k}`]),
      censor: "[redacted]",
    },
    hooks: {
      streamWrite: (line) => {
        let out = line;
        for (const s of secrets) if (out.includes(s)) out = out.split(s).join("[redacted]");
        return out;
      },
    },
  };
  return pretty ? pino(options, pretty) : pino(options);
}

function configuredSecrets(): string[] {
  const values = [
    env.SESSION_PASSWORD,
    env.UNLOCK_PROOF_SECRET,
    env.BLOB_KEY,
    env.PEER_SECRET,
    env.RELAYER_PRIVATE_KEY,
    env.RELAYER_PRIVATE_KEY?.slice(2),
    env.JUDGE_API_KEY,
    env.S3_SECRET_ACCESS_KEY,
    env.METRICS_TOKEN,
    rpcCredentials(env.RPC_URL),
  ];
  return values.filter((v): v is string => typeof v === "string" && v.length >= 8);
}

/** Hosted RPC URLs carry their key in the userinfo, the path or the query: that part is secret. */
function rpcCredentials(url: string): string | undefined {
  const u = new URL(url);
  const loopback = u.hostname === "127.0.0.1" || u.hostname === "localhost";
  if (loopback) return undefined;
  const tail = `${u.pathname}${u.search}`;
  return u.password || (tail.length > 8 ? tail : undefined);
}
