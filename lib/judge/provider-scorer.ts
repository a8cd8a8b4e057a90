import { discardBody } from "@/lib/http/discard-body";
import { ApiError } from "@/lib/http/errors";
import type { ClassifyInput, DecideInput, JudgeUsage, TagsInput } from "@/lib/schemas/judge";
import { classifyPrompt, classifySchema, decidePrompt, decideSchema, LETTERS, tagsPrompt, tagsSchema, type ChatMessage } from "./prompts";
import type { RawClassification, RawDecision, Scorer } from "./types";

export type ProviderConfig = {
  /** OpenAI-compatible base URL, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** auto: ask for log-probabilities, fall back to a JSON answer when none come back; on: require them; off: JSON only. */
  logprobs: "auto" | "on" | "off";
};

type TopLogprob = { token: string; logprob: number };
type ChatResult = { content: string; topLogprobs: TopLogprob[] | null; model: string; usage: JudgeUsage };

const TOP_LOGPROBS = 20; // OpenAI's maximum; vLLM and llama.cpp accept it too

/**
 * The decision-provider client for the OpenAI-compatible chat-completions API (OpenAI, vLLM,
 * llama.cpp server, Ollama). decide and classify ask for a one-token answer with log-probabilities
 * and turn them into probabilities over the candidates; when the provider gives no
 * log-probabilities (and JUDGE_LOGPROBS is not `on`) they ask again for a JSON answer constrained by
 * a schema. tags always uses the JSON answer: it needs an independent probability per tag.
 *
 * Errors never carry the key, the base URL or the provider's body: a provider may echo credentials.
 */
export function createProviderScorer(config: ProviderConfig): Scorer {
  const chat = (messages: ChatMessage[], form: { logprobs: true } | { schema: { name: string; schema: object } }) => callChat(config, messages, form);

  async function oneToken<T>(
    letterPrompt: ChatMessage[],
    read: (r: ChatResult) => T,
    jsonFallback: () => Promise<{ value: T; result: ChatResult }>,
  ): Promise<{ value: T; result: ChatResult }> {
    if (config.logprobs !== "off") {
      const r = await chat(letterPrompt, { logprobs: true });
      if (r.topLogprobs) return { value: read(r), result: r };
      if (config.logprobs === "on") throw new ApiError("bad-gateway", "The decision provider gave no log-probabilities (JUDGE_LOGPROBS=on)");
      const fallback = await jsonFallback();
      return { value: fallback.value, result: { ...fallback.result, usage: addUsage(r.usage, fallback.result.usage) } };
    }
    return jsonFallback();
  }

  return {
    kind: "openai-compatible",
    async decide(input: DecideInput) {
      const { value, result } = await oneToken<RawDecision>(
        decidePrompt(input, "letter"),
        (r) => readLetterAnswer(input, r),
        async () => {
          const r = await chat(decidePrompt(input, "json"), { schema: { name: "decision", schema: decideSchema(input) } });
          const json = parseJsonAnswer(r.content);
          return { value: { choice: typeof json.choice === "string" ? json.choice : "", probabilities: numberRecord(json.probabilities) }, result: r };
        },
      );
      return { ...value, model: result.model, usage: result.usage };
    },
    async classify(input: ClassifyInput) {
      const { value, result } = await oneToken<RawClassification>(
        classifyPrompt(input, "letter"),
        (r) => readYesNo(r),
        async () => {
          const r = await chat(classifyPrompt(input, "json"), { schema: { name: "classification", schema: classifySchema } });
          const json = parseJsonAnswer(r.content);
          return { value: { probability: typeof json.probability === "number" ? json.probability : null }, result: r };
        },
      );
      return { ...value, model: result.model, usage: result.usage };
    },
    async tags(input: TagsInput) {
      const r = await chat(tagsPrompt(input), { schema: { name: "tag_scores", schema: tagsSchema(input) } });
      const json = parseJsonAnswer(r.content);
      return { scores: numberRecord(json.scores) ?? {}, model: r.model, usage: r.usage };
    },
  };
}

async function callChat(
  config: ProviderConfig,
  messages: ChatMessage[],
  form: { logprobs: true } | { schema: { name: string; schema: object } },
): Promise<ChatResult> {
  const t0 = performance.now();
  const logprobs = "logprobs" in form;
  const body = {
    model: config.model,
    messages,
    temperature: 0,
    n: 1,
    stream: false,
    ...(logprobs
      ? { max_tokens: 1, logprobs: true, top_logprobs: TOP_LOGPROBS }
      : { max_tokens: 1000, response_format: { type: "json_schema", json_schema: { name: form.schema.name, strict: true, schema: form.schema.schema } } }),
  };
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  let payload: unknown;
  try {
    const res = await fetch(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      redirect: "error", // never replay the key to wherever a redirect points
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) {
      await discardBody(res);
      throw new ApiError("bad-gateway", `The decision provider answered HTTP ${res.status}`);
    }
    const text = await res.text();
    try {
      payload = JSON.parse(text);
    } catch {
      throw new ApiError("bad-gateway", "The decision provider answered with a body that is not JSON");
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const name = (err as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError") throw new ApiError("bad-gateway", `The decision provider did not answer within ${config.timeoutMs} ms`);
    throw new ApiError("bad-gateway", "The decision provider could not be reached");
  }

  const p = payload as {
    model?: unknown;
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
    choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; logprobs?: { content?: Array<{ token?: unknown; logprob?: unknown; top_logprobs?: unknown }> | null } | null }>;
  };
  const choice = Array.isArray(p?.choices) ? p.choices[0] : undefined;
  if (!choice) throw new ApiError("bad-gateway", "The decision provider answered with no choices");
  if (typeof choice.message?.refusal === "string" && choice.message.refusal) throw new ApiError("bad-gateway", "The decision model refused to answer");

  const count = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
  const promptTokens = count(p.usage?.prompt_tokens);
  const completionTokens = count(p.usage?.completion_tokens);
  return {
    content: typeof choice.message?.content === "string" ? choice.message.content : "",
    topLogprobs: logprobs ? readTopLogprobs(choice.logprobs?.content?.[0]) : null,
    model: typeof p.model === "string" && p.model ? p.model : config.model,
    usage: {
      provider: "openai-compatible",
      method: logprobs ? "logprobs" : "json-schema",
      promptTokens,
      completionTokens,
      totalTokens: count(p.usage?.total_tokens) || promptTokens + completionTokens,
      requests: 1,
      latencyMs: Math.round(performance.now() - t0),
    },
  };
}

/** The first answer token's alternatives (the sampled token included), or null when the provider gave none. */
function readTopLogprobs(first: { token?: unknown; logprob?: unknown; top_logprobs?: unknown } | undefined): TopLogprob[] | null {
  if (!first) return null;
  const byToken = new Map<string, number>();
  const add = (t: unknown, lp: unknown) => {
    if (typeof t === "string" && typeof lp === "number" && Number.isFinite(lp) && !byToken.has(t)) byToken.set(t, lp);
  };
  if (Array.isArray(first.top_logprobs)) for (const e of first.top_logprobs as Array<{ token?: unknown; logprob?: unknown }>) add(e?.token, e?.logprob);
  add(first.token, first.logprob);
  if (byToken.size === 0) return null;
  return [...byToken].map(([token, logprob]) => ({ token, logprob }));
}

function normalizeToken(token: string) {
  return token.trim().replace(/^[("'*`[]+|[)\]."'*:`,]+$/g, "");
}

/** Letter answer → the candidate id it names, and probabilities renormalised over the candidates' letters. */
export function readLetterAnswer(input: DecideInput, r: Pick<ChatResult, "content" | "topLogprobs">): RawDecision {
  const letters = LETTERS.slice(0, input.candidates.length);
  const idOf = (token: string) => {
    const t = normalizeToken(token).toUpperCase();
    const i = t.length === 1 ? letters.indexOf(t) : -1;
    return i >= 0 ? input.candidates[i]!.id : null;
  };
  const said = normalizeToken(r.content);
  const choice = said ? (idOf(said) ?? said) : "";

  const mass = new Map<string, number>();
  for (const { token, logprob } of r.topLogprobs ?? []) {
    const id = idOf(token);
    if (id) mass.set(id, (mass.get(id) ?? 0) + Math.exp(logprob));
  }
  const total = [...mass.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return { choice, probabilities: null };
  return { choice, probabilities: Object.fromEntries(input.candidates.map((c) => [c.id, (mass.get(c.id) ?? 0) / total])) };
}

/** yes/no answer → P(yes) renormalised over the yes and no tokens. */
export function readYesNo(r: Pick<ChatResult, "content" | "topLogprobs">): RawClassification {
  const said = normalizeToken(r.content).toLowerCase();
  if (!said) throw new ApiError("bad-gateway", "The decision model gave an empty answer");
  if (said !== "yes" && said !== "no") throw new ApiError("bad-gateway", `The decision model answered ${JSON.stringify(said.slice(0, 60))}, neither yes nor no`);
  let yes = 0;
  let no = 0;
  for (const { token, logprob } of r.topLogprobs ?? []) {
    const t = normalizeToken(token).toLowerCase();
    if (t === "yes") yes += Math.exp(logprob);
    else if (t === "no") no += Math.exp(logprob);
  }
  if (yes + no <= 0) return { probability: null };
  return { probability: yes / (yes + no) };
}

/** The JSON object of a schema-constrained answer; tolerates a ```json fence around it. */
function parseJsonAnswer(content: string): Record<string, unknown> {
  const text = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  if (!text) throw new ApiError("bad-gateway", "The decision model gave an empty answer");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("bad-gateway", "The decision model answered with malformed JSON");
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new ApiError("bad-gateway", "The decision model answered JSON that is not an object");
  return value as Record<string, unknown>;
}

function numberRecord(v: unknown): Record<string, number> | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) if (typeof n === "number") out[k] = n;
  return out;
}

function addUsage(a: JudgeUsage, b: JudgeUsage): JudgeUsage {
  return {
    ...b,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    requests: a.requests + b.requests,
    latencyMs: a.latencyMs + b.latencyMs,
  };
}
