// Runs the built app against the embedded database (or MONGODB_URI), seeding demo data on first start.
// `--reset` drops and re-seeds the demo data.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demo-logins";
import { startEmbeddedDb, type EmbeddedDb } from "./embedded-db";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, "data");
mkdirSync(dataDir, { recursive: true });

let db: EmbeddedDb | undefined;
let uri = process.env.MONGODB_URI;
if (!uri) {
  db = await startEmbeddedDb({ dataDir: path.join(dataDir, "db"), port: Number(process.env.EMBEDDED_DB_PORT ?? 27018) });
  uri = db.uri("pharmascope");
}

const secretFile = path.join(dataDir, "session-secret");
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
const env = {
  ...process.env,
  MONGODB_URI: uri,
  NODE_ENV: "production" as const,
  SESSION_SECRET: process.env.SESSION_SECRET ?? readFileSync(secretFile, "utf8"),
  SECURE_COOKIES: process.env.SECURE_COOKIES ?? "false",
  PORT: process.env.PORT ?? "3000",
};

function run(command: string, args: string[]) {
  return new Promise<number>((resolve) => {
    spawn(command, args, { env, stdio: "inherit", cwd: root }).on("exit", (code: number | null) => resolve(code ?? 1));
  });
}

const seedArgs = process.argv.includes("--reset") ? [] : ["--if-empty"];
if ((await run(process.execPath, ["--import", "tsx", "scripts/seed/index.ts", ...seedArgs])) !== 0) {
  await db?.stop();
  process.exit(1);
}

const server = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "pipe", "inherit"], cwd: root });
server.stdout.on("data", (chunk: Buffer) => {
  const text = chunk.toString();
  process.stdout.write(text);
  if (text.includes("listening on")) {
    const url = `http://localhost:${env.PORT}`;
    const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
    console.log(`\n  Pharmascope is running at ${url}\n  Database: ${db ? `embedded FerretDB (data in ./data/db)` : "MONGODB_URI"}\n`);
    console.log(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`    ${login.email.padEnd(width)}  ${login.role}`);
    console.log("\n  Press Ctrl-C to stop.\n");
  }
});

async function shutdown() {
  server.kill("SIGTERM");
  await db?.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.on("exit", async (code) => {
  await db?.stop();
  process.exit(code ?? 0);
});
