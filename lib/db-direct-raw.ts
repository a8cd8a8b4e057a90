import { AsyncLocalStorage } from "node:async_hooks";
import type { SqlDriverAdapterFactory } from "@prisma/client/runtime/client";
import { KEPT_STATEMENT } from "./db-pg-kept-statements";
import { keptArgTypes, rawArgument, rawPlanCounts } from "./db-raw-plans";
import { Prisma } from "./generated/sqlite/client";

/**
 * Raw statements sent to the driver adapter directly, past Prisma's client pipeline.
 *
 * A `$executeRaw` or `$queryRaw` goes through Prisma's request machinery before its adapter sees it:
 * the composite proxies, tracing spans, the request's JSON, the plan (kept, lib/db-raw-plans.ts), the
 * plan interpreter, the result's mapping, each step a few promises. A Gateway paid unlock runs eleven
 * raw statements and a COMMIT; profiled (bench/README.md, session 31) Prisma's own code took about
 * 1.7 ms of the one Node thread per unlock beside 1 ms of SQLite work. A raw statement needs none of it:
 * its SQL, its arguments and a type per argument are the whole query the adapter runs.
 *
 * So a raw statement whose argument types are known (the plan Prisma's compiler gave its shape and
 * lib/db-raw-plans.ts verified, twice) is handed to the adapter itself — the connection, or the
 * transaction Prisma opened for the `$transaction` it runs in — and its result set is decoded as Prisma
 * decodes a raw result (`rawRows`: the client's `serializeRawSql` then `deserializeRawResult`). A
 * driver's error becomes the same P2010 Prisma raises for a raw statement. Anything else, and any
 * statement before its shape is learned, goes to Prisma as before. Model queries are untouched, so a
 * `$transaction` mixes both: its raw statements go direct on the transaction's own connection (the one
 * SQLite connection, whose transaction holds the lock; on PostgreSQL the pool client Prisma took).
 *
 * How a `$transaction` finds its adapter transaction: the call runs in an AsyncLocalStorage slot, and
 * the adapter's `startTransaction`, which Prisma calls from within that call, fills it. A statement
 * after the transaction ended (Prisma's timeout rolled it back, say) is refused, as Prisma refuses it.
 */

type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory["connect"]>>;
type SqlTransaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<SqlDriverAdapter["queryRaw"]>[0];
type SqlResultSet = Awaited<ReturnType<SqlDriverAdapter["queryRaw"]>>;
type Queryable = { queryRaw(query: SqlQuery): Promise<SqlResultSet>; executeRaw(query: SqlQuery): Promise<number> };

/** A transaction Prisma opened through the adapter, and whether it has ended. */
type OpenTransaction = { queryable: Queryable; closed: boolean };
/** Filled when a `$transaction` that runs in this slot opens its adapter transaction. */
type Slot = { transaction: OpenTransaction | null };

const transactionSlot = new AsyncLocalStorage<Slot>();

/** Where a client's raw statements can go directly: its connected adapter, once Prisma has connected. */
export class DirectRoute {
  connection: Queryable | null = null;
}

/**
 * The adapter factory Prisma is given: connects through `base`, keeps the connection in `route`, and
 * hands each transaction Prisma starts to the `$transaction` call that started it.
 */
export function directRouteFactory(base: SqlDriverAdapterFactory, route: DirectRoute): SqlDriverAdapterFactory {
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    async connect() {
      const connection = await base.connect();
      route.connection = connection;
      return forwarding(connection, {
        // After $disconnect Prisma connects again on the next query; until then raw statements take its path.
        dispose: () => {
          if (route.connection === connection) route.connection = null;
          return connection.dispose();
        },
        startTransaction: async (...args: unknown[]) => {
          const slot = transactionSlot.getStore();
          const tx = await connection.startTransaction(...(args as Parameters<SqlDriverAdapter["startTransaction"]>));
          const open: OpenTransaction = { queryable: tx, closed: false };
          if (slot && !slot.transaction) slot.transaction = open;
          return tracked(tx, open);
        },
      });
    },
  };
}

/** `tx` as Prisma uses it, with `open.closed` set as soon as Prisma ends it (its COMMIT or ROLLBACK statement, or commit()/rollback()). */
function tracked(tx: SqlTransaction, open: OpenTransaction): SqlTransaction {
  return forwarding(tx, {
    executeRaw: (query: SqlQuery) => {
      if (/^\s*(commit|rollback)\b/i.test(query.sql)) open.closed = true;
      return tx.executeRaw(query);
    },
    commit: () => {
      open.closed = true;
      return tx.commit();
    },
    rollback: () => {
      open.closed = true;
      return tx.rollback();
    },
  });
}

/** `target` with some methods replaced; every other property read from it (methods bound to it). */
export function forwarding<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, property) {
      if (typeof property === "string" && Object.hasOwn(replaced, property)) return replaced[property];
      const value: unknown = Reflect.get(t, property, t);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

type RawMethod = (query: unknown, ...values: unknown[]) => unknown;
type RawClient = { $executeRaw: RawMethod; $queryRaw: RawMethod; $transaction: (arg: unknown, options?: unknown) => Promise<unknown> };

/**
 * Makes `client`'s `$executeRaw` and `$queryRaw`, and those of the transaction clients its
 * `$transaction(fn)` passes to `fn`, go direct when they can (see above). `client` must have been built
 * on a `directRouteFactory` adapter with `route`, and with `keepQueryPlans` (the argument types).
 */
export function directRawStatements(client: object, provider: "sqlite" | "postgres", route: DirectRoute): void {
  const c = client as RawClient;
  const argTypesOf = keptArgTypes(client);
  if (!argTypesOf) return; // no kept plans: every raw statement takes Prisma's path
  // Prisma's own methods, unbound: a transaction client Prisma makes reads its `$executeRaw` from the client,
  // so the ones replaced below, and must be given Prisma's, called on it, to stay in its transaction.
  const own = { executeRaw: c.$executeRaw, queryRaw: c.$queryRaw };
  const prisma = { executeRaw: own.executeRaw.bind(c), queryRaw: own.queryRaw.bind(c), transaction: c.$transaction.bind(c) };
  const statement = (type: "execute" | "query", queryable: () => Queryable | null, fallback: RawMethod, open?: () => OpenTransaction | null): RawMethod =>
    (query, ...values) => {
      const target = queryable();
      const planned = target && plan(argTypesOf, provider, type, query, values);
      if (!target || !planned) return fallback(query, ...values);
      if (open?.()?.closed) return Promise.reject(closedTransaction());
      rawPlanCounts.direct++;
      return type === "execute" ? target.executeRaw(planned).catch(userFacing) : target.queryRaw(planned).then(rawRows, userFacing);
    };
  c.$executeRaw = statement("execute", () => route.connection, prisma.executeRaw);
  c.$queryRaw = statement("query", () => route.connection, prisma.queryRaw);
  c.$transaction = (arg, options) => {
    if (typeof arg !== "function") return prisma.transaction(arg, options);
    const fn = arg as (tx: object) => Promise<unknown>;
    const slot: Slot = { transaction: null };
    return transactionSlot.run(slot, () =>
      prisma.transaction((itx: RawClient) => {
        const open = () => slot.transaction;
        const queryable = () => slot.transaction?.queryable ?? null;
        return fn(forwarding(itx, {
          $executeRaw: statement("execute", queryable, own.executeRaw.bind(itx), open),
          $queryRaw: statement("query", queryable, own.queryRaw.bind(itx), open),
        }));
      }, options),
    );
  };
}

/** The adapter query for a raw statement, or null when Prisma must take it (an argument of another kind, a shape not learned yet). */
function plan(argTypesOf: NonNullable<ReturnType<typeof keptArgTypes>>, provider: "sqlite" | "postgres", type: "execute" | "query", query: unknown, values: unknown[]): SqlQuery | null {
  const sql = asSql(query, values);
  if (!sql) return null;
  const text = provider === "postgres" ? sql.text : sql.sql;
  const args: unknown[] = new Array(sql.values.length);
  let kinds = "";
  for (let i = 0; i < args.length; i++) {
    const arg = rawArgument(sql.values[i]);
    if (!arg) return null;
    args[i] = arg.value;
    kinds += arg.kind;
  }
  // A statement without arguments needs no plan to be sent (a DO block written with its values, lib/db-one-trip.ts).
  const argTypes = args.length === 0 ? [] : argTypesOf(type, text, kinds);
  if (!argTypes) return null;
  // PostgreSQL: a learned statement with arguments is sent as a named prepared statement (lib/db-pg-kept-statements.ts).
  return { sql: provider === "postgres" && args.length > 0 ? KEPT_STATEMENT + text : text, args, argTypes } as SqlQuery;
}

/** A tagged template's call, or a `Prisma.sql` value, as one Sql; null for anything else (a plain string: `$queryRawUnsafe`'s business). */
function asSql(query: unknown, values: unknown[]): Prisma.Sql | null {
  if (Array.isArray(query) && "raw" in query) return Prisma.sql(query as unknown as TemplateStringsArray, ...values);
  if (values.length === 0 && query instanceof Prisma.Sql) return query;
  return null;
}

/** Prisma's error for a raw statement the driver refused (its client's `rethrowAsUserFacingRawError`). */
function userFacing(error: unknown): never {
  const cause = (error as { name?: unknown; cause?: { originalCode?: unknown; originalMessage?: unknown } } | null)?.cause;
  if ((error as { name?: unknown } | null)?.name !== "DriverAdapterError" || typeof cause !== "object" || cause === null) throw error;
  const message = `Raw query failed. Code: \`${String(cause.originalCode ?? "N/A")}\`. Message: \`${String(cause.originalMessage ?? (error as Error).message)}\``;
  throw new Prisma.PrismaClientKnownRequestError(message, { code: "P2010", clientVersion: Prisma.prismaVersion.client, meta: { driverAdapterError: error } });
}

function closedTransaction() {
  return new Prisma.PrismaClientKnownRequestError("Transaction already closed: a raw statement was sent after its transaction ended (committed, rolled back or timed out)", {
    code: "P2028",
    clientVersion: Prisma.prismaVersion.client,
  });
}

/** ColumnTypeEnum of @prisma/driver-adapter-utils (lib/db-direct-raw.test.ts holds them equal). */
export const COLUMN = {
  Int32: 0, Int64: 1, Float: 2, Double: 3, Numeric: 4, Boolean: 5, Character: 6, Text: 7, Date: 8, Time: 9, DateTime: 10, Json: 11, Enum: 12, Bytes: 13, Set: 14, Uuid: 15,
  Int32Array: 64, Int64Array: 65, FloatArray: 66, DoubleArray: 67, NumericArray: 68, BooleanArray: 69, CharacterArray: 70, TextArray: 71, DateArray: 72, TimeArray: 73,
  DateTimeArray: 74, JsonArray: 75, EnumArray: 76, BytesArray: 77, UuidArray: 78, UnknownNumber: 128,
} as const;

/** A raw result set as `$queryRaw` returns it: one object per row, each value decoded by its column's type. */
export function rawRows(result: SqlResultSet): Record<string, unknown>[] {
  const { columnNames: names, columnTypes: types, rows } = result;
  const empty: Record<string, unknown> = {};
  for (const name of names) empty[name] = null;
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const mapped = { ...empty };
    for (let j = 0; j < row.length; j++) mapped[names[j]!] = decode(row[j], types[j] as number);
    out[i] = mapped;
  }
  return out;
}

/** One value as Prisma's raw result serialisation and then its client's deserialisation leave it. */
function decode(value: unknown, type: number): unknown {
  if (value === null) return null;
  switch (type) {
    case COLUMN.Int32:
      if (typeof value === "number") return Math.trunc(value);
      if (typeof value === "string") return Math.trunc(Number(value));
      throw new Error(`Cannot serialize value of type ${typeof value} as Int32`);
    case COLUMN.Int64:
      if (typeof value === "number") return BigInt(Math.trunc(value));
      if (typeof value === "string") return BigInt(value);
      throw new Error(`Cannot serialize value of type ${typeof value} as Int64`);
    case COLUMN.Numeric:
      return new Prisma.Decimal(value as string);
    case COLUMN.Boolean:
      if (typeof value === "boolean") return value;
      if (typeof value === "string") return value === "true" || value === "1";
      if (typeof value === "number") return value === 1;
      throw new Error(`Cannot serialize value of type ${typeof value} as Boolean`);
    case COLUMN.Date:
    case COLUMN.DateTime:
      return new Date(value as string);
    case COLUMN.Time:
      return new Date(`1970-01-01T${value as string}Z`);
    case COLUMN.Json:
      if (typeof value === "string") return JSON.parse(value);
      throw new Error(`Cannot serialize value of type ${typeof value} as Json`);
    case COLUMN.Bytes:
      if (Array.isArray(value)) return new Uint8Array(value);
      throw new Error(`Cannot serialize value of type ${typeof value} as Bytes`);
    case COLUMN.Int32Array:
    case COLUMN.Int64Array:
    case COLUMN.BooleanArray:
    case COLUMN.JsonArray:
    case COLUMN.BytesArray:
    case COLUMN.NumericArray:
    case COLUMN.DateArray:
    case COLUMN.DateTimeArray:
    case COLUMN.TimeArray: {
      if (!Array.isArray(value)) throw new Error(`Cannot serialize value of type ${typeof value} as an array`);
      const element = ELEMENT[type]!;
      return value.map((v: unknown) => decode(v, element));
    }
    case COLUMN.Float:
    case COLUMN.Double:
    case COLUMN.Character:
    case COLUMN.Text:
    case COLUMN.Enum:
    case COLUMN.Set:
    case COLUMN.Uuid:
    case COLUMN.FloatArray:
    case COLUMN.DoubleArray:
    case COLUMN.CharacterArray:
    case COLUMN.TextArray:
    case COLUMN.EnumArray:
    case COLUMN.UuidArray:
    case COLUMN.UnknownNumber:
      return value;
    default:
      throw new Error(`Unexpected column type: ${type}`);
  }
}

const ELEMENT: Record<number, number> = {
  [COLUMN.Int32Array]: COLUMN.Int32,
  [COLUMN.Int64Array]: COLUMN.Int64,
  [COLUMN.BooleanArray]: COLUMN.Boolean,
  [COLUMN.JsonArray]: COLUMN.Json,
  [COLUMN.BytesArray]: COLUMN.Bytes,
  [COLUMN.NumericArray]: COLUMN.Numeric,
  [COLUMN.DateArray]: COLUMN.Date,
  [COLUMN.DateTimeArray]: COLUMN.DateTime,
  [COLUMN.TimeArray]: COLUMN.Time,
};
