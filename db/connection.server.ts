import mongoose from "mongoose";

// Request data must never become a query operator: `sanitizeFilter` wraps any `$`-key coming from outside in
// `$eq`, and unknown filter paths throw. Our own operators are marked with `mongoose.trusted()` (see `trusted`).
mongoose.set("sanitizeFilter", true);
mongoose.set("strictQuery", "throw");
mongoose.set("autoIndex", true);
// No queueing while the database is away: every query waits at most the server-selection timeout, then fails (and
// the app answers 503), instead of piling up behind a 10 s buffer.
mongoose.set("bufferCommands", false);

const SLOW_QUERY_MS = Number(process.env.SLOW_QUERY_MS ?? 250);
const startedAt = new WeakMap<object, number>();

// Every query that takes longer than SLOW_QUERY_MS is logged with its model and filter shape.
mongoose.plugin((schema) => {
  const ops = /^(find|count|update|delete|distinct|replace)/;
  schema.pre(ops, function (this: mongoose.Query<unknown, unknown>) {
    startedAt.set(this, performance.now());
  });
  schema.post(ops, function (this: mongoose.Query<unknown, unknown>) {
    const op = (this as unknown as { op: string }).op;
    noteDuration(this.model.modelName, op, performance.now() - (startedAt.get(this) ?? performance.now()), this.getFilter());
  });
});

function noteDuration(model: string, op: string, ms: number, filter: Record<string, unknown>) {
  if (ms > SLOW_QUERY_MS) console.warn(`slow query ${model}.${op} ${ms.toFixed(0)} ms`, Object.keys(filter));
}

// When the database cannot be reached, a query fails after the server-selection timeout. The app registers what such a
// failure becomes (`whenUnavailable`: for pages, a 503 response rather than a 500); the error hooks below apply it to
// every query, save and insert, and connectDb to the first connection.
const UNREACHABLE = new Set([
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoPoolClearedError",
  "MongoTopologyClosedError",
]);
// The driver usually wraps a broken socket in MongoNetworkError, but a write on a socket the server has just closed
// can surface as Node's own error (seen once in the crash test: EPIPE from Connection.writeCommand, a 500).
const SOCKET_CODES = new Set([
  "EPIPE",
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "ENOTCONN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** Whether an error means the database could not be reached (then a 503, not a 500). */
export function isUnreachable(error: unknown): boolean {
  for (
    let e = error as { name?: string; code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.name && UNREACHABLE.has(e.name)) return true;
    if (typeof e.code === "string" && SOCKET_CODES.has(e.code)) return true;
    if (e.name === "MongooseError" && /buffering timed out|before initial connection/.test(String((e as Error).message))) return true;
  }
  return false;
}
let unavailable: (cause: unknown) => unknown = (cause) => cause;
export function whenUnavailable(make: (cause: unknown) => unknown) {
  unavailable = make;
}
mongoose.plugin((schema) => {
  const map = (error: unknown, _res: unknown, next: (error?: unknown) => void) => next(isUnreachable(error) ? unavailable(error) : error);
  schema.post(/^(find|count|update|delete|distinct|replace|aggregate)/, map as never);
  schema.post("save", map as never);
  schema.post("insertMany", map as never);
});

export const trusted = mongoose.trusted;

/**
 * A sort by `field`, then `_id` (both in `direction`): an order with no ties, for a query that reads several
 * documents, however it would otherwise be ordered. MongoDB serves it from an index that ends in (field, _id), or
 * sorts the few documents such a query reads. The embedded SecantusDB, given a query with no sort (or one that leaves
 * ties), replays mongod's plan trial to put the documents in mongod's order, and that trial reads the whole collection
 * whenever several indexes could serve the filter: the news feed's keyword choices took 7 ms on the demo data, against
 * 2.3 ms sorted (decision 009).
 */
export const totalOrder = (field: string, direction: 1 | -1 = 1) => ({ [field]: direction, _id: direction }) as const;

/**
 * How many documents of `model` match `filter` (counting stops past `limit`). This sends the `count` command, where
 * `countDocuments` sends an aggregation. In MongoDB both are the same index-served count. The embedded SecantusDB
 * answers an aggregation's unsorted `$match` by replaying mongod's plan trial (see `totalOrder`): 22 ms for the demo's
 * news feed, against 1.7 ms for `count`. The filter is sanitised and cast as mongoose casts its own queries; slow
 * counts are logged, and an unreachable database fails as in any other query.
 */
export async function countMatching<T>(model: mongoose.Model<T>, filter: Record<string, unknown>, limit?: number): Promise<number> {
  const query = model.find(mongoose.sanitizeFilter(filter)).cast();
  // Shown where mongoose's debug output shows its own queries (the query-plan test reads them there).
  const debug = mongoose.get("debug");
  if (typeof debug === "function") debug(model.collection.collectionName, "count", query, { limit });
  const started = performance.now();
  try {
    const answer = await model.db.db!.command({ count: model.collection.collectionName, query, ...(limit ? { limit } : {}) });
    return Number(answer.n);
  } catch (error) {
    throw isUnreachable(error) ? unavailable(error) : error;
  } finally {
    noteDuration(model.modelName, "count", performance.now() - started, query);
  }
}

export function databaseUri(): string {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error("MONGODB_URI is not set: start the app with scripts/demo or point it at MongoDB");
  return uri;
}

// npm run bench:http counts the database commands each page sends: with BENCH_DB_COMMANDS=on the driver reports every
// command it starts (command monitoring, off otherwise) and this process counts them, keeping the latest few by name
// ("find users"); the bench reads them between requests it sends one at a time.
const countCommands = process.env.BENCH_DB_COMMANDS === "on";
const commands = { count: 0, recent: [] as string[] };
/** Database commands this process has started, and the latest 100 (always none unless BENCH_DB_COMMANDS=on). */
export const commandCount = () => commands;

declare global {
  var __pharmascopeDb: Promise<typeof mongoose> | undefined;
}

/** One connection per process, kept across Remix rebuilds so development does not leak connections. */
export function connectDb(uri?: string): Promise<typeof mongoose> {
  if (!globalThis.__pharmascopeDb) {
    globalThis.__pharmascopeDb = mongoose
      // Three seconds to find the server, and a check every two while it is down, so an outage answers quickly and
      // the app is back within seconds of the database.
      .connect(uri ?? databaseUri(), {
        serverSelectionTimeoutMS: 3000,
        heartbeatFrequencyMS: 2000,
        maxPoolSize: 20,
        monitorCommands: countCommands,
      })
      .then((connected) => {
        if (!countCommands) return connected;
        connected.connection.getClient().on("commandStarted", (event) => {
          const on = event.command[event.commandName] as unknown;
          commands.count++;
          commands.recent.push(typeof on === "string" ? `${event.commandName} ${on}` : event.commandName);
          if (commands.recent.length > 100) commands.recent.shift();
        });
        return connected;
      })
      .catch((error) => {
        globalThis.__pharmascopeDb = undefined;
        throw isUnreachable(error) ? unavailable(error) : error;
      });
  }
  return globalThis.__pharmascopeDb;
}

export async function disconnectDb() {
  if (globalThis.__pharmascopeDb) {
    globalThis.__pharmascopeDb = undefined;
    await mongoose.disconnect();
  }
}

/** Whether the database answers now. */
async function pingDb(): Promise<boolean> {
  try {
    const mongoose = await connectDb();
    await mongoose.connection.db!.admin().ping();
    return true;
  } catch {
    return false;
  }
}

let asking: Promise<boolean> | undefined;

/**
 * The health check's question, whether the database answers, asked once at a time: a check arriving while a ping is
 * out takes that ping's answer, which comes after the check arrived. However many checks come at once (a load
 * balancer's, a bench's 50 connections), the database gets one ping at a time, and no answer outlives its ping.
 */
export function databaseAnswers(): Promise<boolean> {
  asking ??= pingDb().finally(() => (asking = undefined));
  return asking;
}
