// Runs the built app against the embedded database (or MONGODB_URI), seeding demo data on first start.
// `--reset` drops and re-seeds the demo data. `--dev` (npm run dev) runs remix dev instead of the built app: it builds
// the app in development mode, rebuilds it on every change, restarts the server on the new build and reloads or
// updates the open pages; the report workers are rebuilt as they change too.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { DATABASE, DATA_DIR as dataDir, dataDirOf, hasFerretDbDataOnly, migrateFromFerretDb, startDataDb } from "./db/embedded";
import { embeddedEngine, type EmbeddedDb } from "./embedded-db";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demo-logins";

const root = path.resolve(import.meta.dirname, "..");
mkdirSync(dataDir, { recursive: true });
const dev = process.argv.includes("--dev");
const say = (line: string) => console.log(`\u001b[36m[pharmascope]\u001b[0m ${line}`);

let db: EmbeddedDb | undefined;
let uri = process.env.MONGODB_URI;
if (!uri) {
  if (embeddedEngine() === "secantus" && hasFerretDbDataOnly()) {
    say("found data of the earlier embedded database (FerretDB, ./data/db): copying it to SecantusDB (./data/secantus) once");
    await migrateFromFerretDb(say);
    say("done; ./data/db is left as it was: delete it once you have checked your data, or start with EMBEDDED_DB=ferretdb to use it");
  }
  db = await startDataDb();
  uri = db.uri(DATABASE);
}

const secretFile = path.join(dataDir, "session-secret");
if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
const env = {
  ...process.env,
  MONGODB_URI: uri,
  NODE_ENV: dev ? ("development" as const) : ("production" as const),
  SESSION_SECRET: process.env.SESSION_SECRET ?? readFileSync(secretFile, "utf8"),
  SECURE_COOKIES: process.env.SECURE_COOKIES ?? "false",
  PORT: process.env.PORT ?? "3000",
  // Links in the demo's mail (./data/outbox) and the only origin posts are accepted from (docs/decisions/019).
  APP_URL: process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`,
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

// remix dev runs server.js again whenever it has written a new server build (node --watch-path).
const remix = path.join(root, "node_modules/.bin/remix");
const [command, args] = dev
  ? [remix, ["dev", "--manual", "-c", `${process.execPath} --watch-path=./build/index.js server.js`]]
  : [process.execPath, ["server.js"]];
const server = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"], cwd: root });
const workers = dev
  ? spawn(process.execPath, ["--import", "tsx", "scripts/build-workers.ts", "--watch"], { env, stdio: "inherit", cwd: root })
  : undefined;
let started = false;
server.stdout.on("data", (chunk: Buffer) => {
  const text = chunk.toString();
  process.stdout.write(text);
  if (text.includes("listening on") && !started) {
    started = true;
    const url = env.APP_URL;
    const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
    console.log(
      `\n  Pharmascope is running at ${url}\n  Database: ${db ? `embedded ${db.engine === "secantus" ? "SecantusDB" : "FerretDB"} (data in ./data/${path.basename(dataDirOf(db.engine))})` : "MONGODB_URI"}\n`,
    );
    console.log(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) console.log(`    ${login.email.padEnd(width)}  ${login.role}`);
    if (dev) console.log("\n  Development mode: a change to the app is rebuilt and shows in the browser by itself.");
    console.log("\n  Press Ctrl-C to stop.\n");
  }
});

async function shutdown() {
  workers?.kill("SIGTERM");
  server.kill("SIGTERM");
  await db?.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
server.on("exit", async (code) => {
  workers?.kill("SIGTERM");
  await db?.stop();
  process.exit(code ?? 0);
});
