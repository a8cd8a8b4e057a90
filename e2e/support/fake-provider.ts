// A decision provider double: a real HTTP server on loopback speaking the OpenAI chat-completions
// protocol. scripts/test.mjs points the hub at it (JUDGE_BASE_URL = http://127.0.0.1:<TEST_APP_PORT+50>/v1);
// each test file that needs it starts it on that port, and switches its behaviour per test through
// its own control endpoint (POST /__control). It records every completion request it receives.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TopLogprob = { token: string; logprob: number };

/** What the next completion requests get. Requests asking for logprobs get `letter`; requests with response_format get `json`. */
export type FakeBehaviour = {
  /** One-token answer with log-probabilities; null answers without any logprobs field (a provider that does not offer them). */
  letter?: { content: string; top: TopLogprob[] } | null;
  /** The content of a schema-constrained answer: a string is sent verbatim (malformed, empty…), anything else JSON-encoded. */
  json?: unknown;
  /** Answer this HTTP status with a body that echoes the request's Authorization header (a careless provider). */
  status?: number;
  /** Never answer (until the server closes). */
  hang?: boolean;
  /** The model name the provider reports. */
  model?: string;
};

export type RecordedRequest = { authorization: string | null; body: any };

export const FAKE_MODEL = "fake-decider-2026-01";

export type FakeProvider = {
  url: string;
  set(behaviour: FakeBehaviour): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function completion(model: string, content: string, logprobs: unknown) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, logprobs, finish_reason: "stop" }],
    usage: { prompt_tokens: 120, completion_tokens: 1, total_tokens: 121 },
  };
}

/** Starts the fake on `port` (0 for any free port). */
export async function startFakeProvider(port: number): Promise<FakeProvider> {
  let behaviour: FakeBehaviour = {};
  let recorded: RecordedRequest[] = [];

  const server: Server = createServer(async (req, res) => {
    const text = await readBody(req);
    if (req.url === "/__control" && req.method === "POST") {
      behaviour = JSON.parse(text) as FakeBehaviour;
      recorded = [];
      return send(res, 200, { ok: true });
    }
    if (req.url === "/__requests") return send(res, 200, recorded);
    if (req.url !== "/v1/chat/completions" || req.method !== "POST") return send(res, 404, { error: { message: "not found" } });

    const body = JSON.parse(text);
    recorded.push({ authorization: req.headers.authorization ?? null, body });
    if (behaviour.hang) return; // the hub's timeout must end this
    if (behaviour.status) {
      return send(res, behaviour.status, { error: { message: `upstream exploded; you sent ${req.headers.authorization ?? "no key"}`, type: "server_error" } });
    }
    const model = behaviour.model ?? FAKE_MODEL;
    if (body.logprobs) {
      const letter = behaviour.letter;
      if (!letter) return send(res, 200, completion(model, "A", null));
      const first = letter.top[0] ?? { token: letter.content, logprob: 0 };
      return send(res, 200, completion(model, letter.content, { content: [{ token: first.token, logprob: first.logprob, bytes: null, top_logprobs: letter.top }] }));
    }
    if (body.response_format) {
      const content = typeof behaviour.json === "string" ? behaviour.json : JSON.stringify(behaviour.json ?? {});
      return send(res, 200, completion(model, content, null));
    }
    return send(res, 400, { error: { message: "the fake expects logprobs or response_format" } });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    async set(b) {
      const res = await fetch(`${url}/__control`, { method: "POST", body: JSON.stringify(b) });
      if (!res.ok) throw new Error(`fake provider control: ${res.status}`);
    },
    async requests() {
      return (await fetch(`${url}/__requests`)).json();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // ends hanging requests too
        server.close(() => resolve());
      }),
  };
}

/** The port scripts/test.mjs told the hub to use (JUDGE_BASE_URL), for the fake to listen on. */
export function fakeProviderPort(): number {
  const base = process.env.JUDGE_BASE_URL;
  if (!base) throw new Error("JUDGE_BASE_URL is not set: run the API tests through scripts/test.mjs");
  return Number(new URL(base).port);
}
