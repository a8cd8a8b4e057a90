import { constants, PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { modelPlanCounts } from "@/lib/db-model-plans";
import { rawPlanCounts } from "@/lib/db-raw-plans";
import { processState } from "@/lib/process-state";

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "hub_" });
  const registers = [registry];
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({ name: "hub_http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames: ["method", "route", "status"], registers }),
    httpDuration: new Histogram({ name: "hub_http_request_duration_seconds", help: "HTTP request latency until the response finished, by method, route pattern and status", labelNames: ["method", "route", "status"], buckets: seconds, registers }),
    paymentEvents: new Counter({ name: "hub_payment_events_total", help: "Payments this instance recorded, settled or saw fail, by rail and the status they reached", labelNames: ["rail", "status"], registers }),
    payments: new Gauge({ name: "hub_payments", help: "Payments in the database by rail and status (shared by every instance)", labelNames: ["rail", "status"], registers }),
    gatewayAuthorizations: new Gauge({ name: "hub_gateway_authorizations", help: "Gateway authorizations by status: locked, settling, settled, failed (database)", labelNames: ["status"], registers }),
    oldestUnsettled: new Gauge({ name: "hub_gateway_oldest_unsettled_age_seconds", help: "Age of the oldest locked or settling Gateway authorization (0 when none)", registers }),
    settlementBatches: new Counter({ name: "hub_settlement_batches_total", help: "Settlement batches this instance finished, by outcome (confirmed, failed)", labelNames: ["status"], registers }),
    settlementGas: new Counter({ name: "hub_settlement_gas_used_total", help: "Gas used by this instance's settlement batch transactions", registers }),
    settlementSteps: new Histogram({ name: "hub_settlement_step_duration_seconds", help: "The settler's work by step: reconcile (open batches and pending transfers), claim (the batch's rows), simulate, send, confirm (the receipt), record (its outcome in the database)", labelNames: ["step"], buckets: seconds, registers }),
    settlementItems: new Counter({ name: "hub_settlement_items_total", help: "Authorizations decided by this instance's settler, by outcome (settled, failed, requeued)", labelNames: ["outcome"], registers }),
    rpcRequests: new Counter({ name: "hub_chain_rpc_requests_total", help: "JSON-RPC calls to the chain, by method", labelNames: ["method"], registers }),
    rpcErrors: new Counter({ name: "hub_chain_rpc_errors_total", help: "JSON-RPC calls that failed in transport (no answer, timeout, HTTP error), by method", labelNames: ["method"], registers }),
    rpcDuration: new Histogram({ name: "hub_chain_rpc_duration_seconds", help: "JSON-RPC call latency, by method", labelNames: ["method"], buckets: seconds, registers }),
    tipEvents: new Counter({ name: "hub_tip_events_total", help: "Tips this instance settled, held, released or refunded", labelNames: ["event"], registers }),
    tipsHeld: new Gauge({ name: "hub_tips_held", help: "Tips held in holding boxes now (database)", registers }),
    tipsHeldUsdc: new Gauge({ name: "hub_tips_held_usdc", help: "USDC held in holding boxes now (database)", registers }),
    rateLimitRefusals: new Counter({ name: "hub_rate_limit_refusals_total", help: "Requests refused with 429, by limit", labelNames: ["limit"], registers }),
    settlerLeader: new Gauge({ name: "hub_settler_leader", help: "1 while this instance holds the settler lease, else 0", registers }),
    gatewayDepositChecks: new Counter({ name: "hub_gateway_deposit_checks_total", help: "Gateway payments' deposit and nonce checks, by where they were answered: index (the database, no eth_call) or chain", labelNames: ["source"], registers }),
    gatewayIndexBlock: new Gauge({ name: "hub_gateway_index_block", help: "The last block whose Gateway Wallet events this instance indexed (while it holds the index lease)", registers, aggregator: "max" }),
    backgroundPasses: new Histogram({ name: "hub_background_pass_duration_seconds", help: "Passes of this instance's singleton jobs (settler, deposit index, webhook delivery), by job: how long each took, end to end", labelNames: ["job"], buckets: seconds, registers }),
    settlerLastPass: new Gauge({ name: "hub_settler_last_pass_timestamp_seconds", help: "When this instance's settler last ran a pass (Unix seconds)", registers, aggregator: "max" }),
    keptSaleRows: new Counter({ name: "hub_kept_sale_rows_total", help: "What Gateway sales were priced from (lib/kept-reads.ts), by kind (content: a tracked item's row; facilitator: a facilitator call's key, site and page) and by how it was found: hit (a kept copy, checked by the sale), miss (read and kept), renewed (read and kept again after a kept copy could not decide the request), changed (a sale's check found a kept copy out of date)", labelNames: ["kind", "result"], registers }),
    readCache: new Counter({ name: "hub_read_cache_total", help: "Cacheable public reads (route cache: true), by how they were answered: hit (kept answer), shared (a computation under way), miss (computed)", labelNames: ["result"], registers }),
    turnWaits: new Counter({ name: "hub_turn_waits_total", help: "Requests that waited for a later turn of the event loop (HUB_TURN_BUDGET_MS) before they started", registers }),
    inFlightRequests: new Gauge({ name: "hub_in_flight_requests", help: "Requests being served by this instance", registers }),
    sqliteWriteLockWait: new Histogram({ name: "hub_sqlite_write_lock_wait_seconds", help: "How long this worker waited for its turn at the SQLite write lock the workers share (HUB_WORKERS > 1 on SQLite), by outcome: granted, timed_out (went on without it)", labelNames: ["outcome"], buckets: [0.0005, 0.001, 0.0025, ...seconds], registers }),
    sqliteWriteLockHeld: new Histogram({ name: "hub_sqlite_write_lock_held_seconds", help: "How long this worker held the SQLite write lock the workers share, from its turn to its commit (HUB_WORKERS > 1 on SQLite)", buckets: [0.0005, 0.001, 0.0025, ...seconds], registers }),
    queryPlans: new Gauge({
      name: "hub_db_query_plans",
      help: "Database statements since this process started, by kind (raw, model) and how their plan was made: compiled by Prisma's query compiler, planned from a learned shape, or sent to the driver directly (lib/db-raw-plans.ts, lib/db-model-plans.ts)",
      labelNames: ["kind", "how"],
      registers,
      collect() {
        this.set({ kind: "raw", how: "compiled" }, rawPlanCounts.compiled);
        this.set({ kind: "raw", how: "planned" }, rawPlanCounts.planned);
        this.set({ kind: "raw", how: "direct" }, rawPlanCounts.direct);
        this.set({ kind: "model", how: "compiled" }, modelPlanCounts.compiled);
        this.set({ kind: "model", how: "planned" }, modelPlanCounts.planned);
      },
    }),
    heapLive: liveHeapGauge(registers),
    workers: new Gauge({ name: "hub_workers", help: "Worker processes whose metrics this answer adds up (HUB_WORKERS; a worker that did not answer within 2 s is missing)", registers }),
  };
}

/**
 * The V8 heap in use just after the process's last full (mark-compact) collection: its live set, which
 * a leak or a filling cache grows and garbage does not. The heap in use at a scrape
 * (`hub_nodejs_heap_size_used_bytes`) also holds the garbage not yet collected, and the committed heap
 * (`…_total_bytes`) V8's room for the next collection: its trend was +39 MB in one ten-minute soak and
 * +186 MB in another, of one build at one rate (bench/README.md, "Issue 38, session 69"). 0 until the
 * first full collection.
 */
function liveHeapGauge(registers: Registry[]): Gauge {
  const gauge = new Gauge({ name: "hub_nodejs_heap_live_bytes", help: "V8 heap in use just after the last full (mark-compact) garbage collection: the live set, summed over the workers", registers });
  gauge.set(0);
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) gauge.set(getHeapStatistics().used_heap_size);
  }).observe({ entryTypes: ["gc"] });
  return gauge;
}

export type Metrics = ReturnType<typeof create>;

/**
 * The hub's Prometheus instruments, one set per process; `GET /metrics` renders `metrics().registry`,
 * added up over every worker of the instance (lib/metrics/render-metrics.ts).
 */
export const metrics: () => Metrics = processState("metrics", create);
