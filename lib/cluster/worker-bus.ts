import cluster from "node:cluster";
import { processState } from "@/lib/process-state";

/**
 * A worker's side of the cluster bus (docs/workers.md; the primary is lib/cluster/primary.mjs, same
 * tag and message kinds). Outside a cluster (HUB_WORKERS=1, tests, scripts) there is no channel:
 * `inCluster()` is false, `broadcast` does nothing and `ask`/`gather` are not to be called.
 */
const BUS_TAG = "paid-content-hub.bus";
const ASK_TIMEOUT_MS = 3_000;

type Message = { tag: typeof BUS_TAG; kind: "broadcast" | "ask" | "tell" | "answer" | "gather" | "gathered"; id?: string; topic?: string; data?: unknown; value?: unknown };
type Bus = {
  listeners: Map<string, Array<(data: unknown) => void>>;
  gatherers: Map<string, (data: unknown) => Promise<unknown> | unknown>;
  waiting: Map<string, (value: unknown) => void>;
  next: number;
};

// One bus per process (Next bundles each route apart: lib/process-state.ts), listening once.
const bus = processState("cluster-bus", (): Bus => {
  const b: Bus = { listeners: new Map(), gatherers: new Map(), waiting: new Map(), next: 0 };
  if (inCluster()) process.on("message", (msg: Message) => void onMessage(b, msg));
  return b;
});

/** Whether this process is a worker of server.mjs's cluster (the primary relays between workers). */
export function inCluster(): boolean {
  return cluster.isWorker;
}

/** Tells every other worker `topic` (fire and forget; a worker that is starting or gone misses it). */
export function broadcast(topic: string, data?: unknown): void {
  if (!inCluster()) return;
  bus();
  send({ tag: BUS_TAG, kind: "broadcast", topic, data });
}

/** Runs `fn` whenever another worker broadcasts `topic`. */
export function onBroadcast(topic: string, fn: (data: unknown) => void): void {
  const b = bus();
  b.listeners.set(topic, [...(b.listeners.get(topic) ?? []), fn]);
}

/**
 * Asks the primary (a shared rate-limit counter, the write lock); rejects after `timeoutMs` without an
 * answer (an answer that comes later is dropped).
 */
export function ask<T>(topic: string, data?: unknown, timeoutMs = ASK_TIMEOUT_MS): Promise<T> {
  const b = bus();
  const id = `${process.pid}:${++b.next}`;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      b.waiting.delete(id);
      reject(new Error(`the cluster primary did not answer ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    b.waiting.set(id, (value) => {
      clearTimeout(timer);
      b.waiting.delete(id);
      resolve(value as T);
    });
    send({ tag: BUS_TAG, kind: "ask", id, topic, data });
  });
}

/** Tells the primary `topic` (fire and forget, no answer: a lock given back). */
export function tell(topic: string, data?: unknown): void {
  if (!inCluster()) return;
  bus();
  send({ tag: BUS_TAG, kind: "tell", topic, data });
}

/** Every other worker's answer to `topic` (their `onGather` handler), collected by the primary. */
export function gather<T>(topic: string, data?: unknown): Promise<T[]> {
  return ask<T[]>(`gather:${topic}`, data);
}

/** Answers `topic` when another worker gathers it. */
export function onGather(topic: string, fn: (data: unknown) => Promise<unknown> | unknown): void {
  bus().gatherers.set(topic, fn);
}

function send(msg: Message) {
  // A worker whose primary is gone (killed) exits on the channel's disconnect; until then, drop.
  if (process.connected) process.send!(msg);
}

async function onMessage(b: Bus, msg: Message) {
  if (!msg || msg.tag !== BUS_TAG) return;
  if (msg.kind === "broadcast") for (const fn of b.listeners.get(msg.topic!) ?? []) fn(msg.data);
  else if (msg.kind === "answer") b.waiting.get(msg.id!)?.(msg.value);
  else if (msg.kind === "gather") {
    const fn = b.gatherers.get(msg.topic!);
    let value: unknown;
    try {
      value = fn ? await fn(msg.data) : undefined;
    } catch {
      value = undefined;
    }
    send({ tag: BUS_TAG, kind: "gathered", id: msg.id, value });
  }
}
