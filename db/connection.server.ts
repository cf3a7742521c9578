import mongoose from "mongoose";

// Request data must never become a query operator: `sanitizeFilter` wraps any `$`-key coming from outside in
// `$eq`, and unknown filter paths throw. Our own operators are marked with `mongoose.trusted()` (see `trusted`).
mongoose.set("sanitizeFilter", true);
mongoose.set("strictQuery", "throw");
mongoose.set("autoIndex", true);

const SLOW_QUERY_MS = Number(process.env.SLOW_QUERY_MS ?? 250);
const startedAt = new WeakMap<object, number>();

// Every query that takes longer than SLOW_QUERY_MS is logged with its model and filter shape.
mongoose.plugin((schema) => {
  const ops = /^(find|count|update|delete|distinct|replace)/;
  schema.pre(ops, function (this: mongoose.Query<unknown, unknown>) {
    startedAt.set(this, performance.now());
  });
  schema.post(ops, function (this: mongoose.Query<unknown, unknown>) {
    const ms = performance.now() - (startedAt.get(this) ?? performance.now());
    if (ms > SLOW_QUERY_MS) {
      console.warn(`slow query ${this.model.modelName}.${(this as unknown as { op: string }).op} ${ms.toFixed(0)} ms`, Object.keys(this.getFilter()));
    }
  });
});

export const trusted = mongoose.trusted;

export function databaseUri(): string {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error("MONGODB_URI is not set: start the app with scripts/demo or point it at MongoDB");
  return uri;
}

declare global {
  var __pharmascopeDb: Promise<typeof mongoose> | undefined;
}

/** One connection per process, kept across Remix rebuilds so development does not leak connections. */
export function connectDb(uri?: string): Promise<typeof mongoose> {
  if (!globalThis.__pharmascopeDb) {
    globalThis.__pharmascopeDb = mongoose
      .connect(uri ?? databaseUri(), { serverSelectionTimeoutMS: 5000, maxPoolSize: 20 })
      .catch((error) => {
        globalThis.__pharmascopeDb = undefined;
        throw error;
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

/** Whether the database answers now (for the health check). */
export async function pingDb(): Promise<boolean> {
  try {
    const mongoose = await connectDb();
    await mongoose.connection.db!.admin().ping();
    return true;
  } catch {
    return false;
  }
}
