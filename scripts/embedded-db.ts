// Starts and stops the embedded database, bound to 127.0.0.1: SecantusDB (WiredTiger, MongoDB's own storage engine)
// by default, or FerretDB v1.24.2 on SQLite, the second engine the tests run the integration suite against
// (docs/decisions/009-embedded-database.md). Used by scripts/demo.ts (data under ./data) and the test setups (a
// throwaway folder per run).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, statfsSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ENGINES = ["secantus", "ferretdb"] as const;
export type Engine = (typeof ENGINES)[number];

export interface EmbeddedDb {
  engine: Engine;
  uri: (database: string) => string;
  port: number;
  /** The process, for the crash test. */
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** The engine the scripts use: EMBEDDED_DB=ferretdb picks the second one. */
export function embeddedEngine(): Engine {
  const asked = process.env.EMBEDDED_DB ?? "secantus";
  if (!(ENGINES as readonly string[]).includes(asked)) throw new Error(`EMBEDDED_DB=${asked}: use one of ${ENGINES.join(", ")}`);
  return asked as Engine;
}

/** Whether something answers on 127.0.0.1:`port`. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * A new folder for a throwaway database (the test runs'): in memory (/dev/shm) when it has room, where the engines'
 * syncs to disk cost nothing (the integration tests ran a quarter faster), else under the system's temporary folder.
 * Data that must survive a crash (tests/e2e/outage.spec.ts) stays on disk.
 */
export function scratchDir(prefix: string) {
  const GB = 1024 ** 3;
  let parent = os.tmpdir();
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    if (bavail * bsize > 2 * GB) parent = "/dev/shm";
  } catch {
    // no /dev/shm: the temporary folder
  }
  return mkdtempSync(path.join(parent, prefix));
}

/** Command line of each engine; `dataDir` holds its files and its log. */
const COMMANDS: Record<Engine, (dataDir: string, port: number) => { bin: string; args: string[] }> = {
  secantus: (dataDir, port) => ({
    bin: path.join(ROOT, ".tools/bin/secantusd-rs"),
    // A WiredTiger cache under 1 GB made an index build on 200k documents loop on write conflicts (issue #10).
    // --sync-on-commit: a write is on disk before it is acknowledged. Without it, killing the process during a burst
    // of writes lost 3 writes the app had already confirmed (tests/e2e/outage.spec.ts); with it, none.
    args: [
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--storage-path",
      path.join(dataDir, "wiredtiger"),
      "--cache-size",
      "1G",
      "--sync-on-commit",
      "--log-level",
      "WARNING",
    ],
  }),
  ferretdb: (dataDir, port) => ({
    bin: path.join(ROOT, ".tools/bin/ferretdb"),
    args: [
      "--handler=sqlite",
      `--sqlite-url=file:${dataDir}/`,
      `--state-dir=${dataDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      "--debug-addr=-",
      "--telemetry=disable",
      "--log-level=warn",
    ],
  }),
};

export async function startEmbeddedDb({
  engine = embeddedEngine(),
  dataDir,
  port,
  heapLimit,
}: {
  engine?: Engine;
  dataDir: string;
  port: number;
  /**
   * FerretDB (Go) only: collect garbage only when its heap reaches this size (GOGC=off, GOMEMLIMIT), not each time it
   * doubles. For a throwaway test engine, whose live heap is small but which decodes every document it reads: in the
   * test run this took a quarter off its CPU, for about this much memory.
   */
  heapLimit?: string;
}): Promise<EmbeddedDb> {
  if (await canConnect(port)) throw new Error(`port ${port} is taken: is another Pharmascope database running?`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, `${engine}.log`);
  const logFd = openSync(logFile, "a");
  const { bin, args } = COMMANDS[engine](dataDir, port);
  const env = heapLimit && engine === "ferretdb" ? { ...process.env, GOGC: "off", GOMEMLIMIT: heapLimit } : process.env;
  const child: ChildProcess = spawn(bin, args, { stdio: ["ignore", logFd, logFd], env });
  let exited = false;
  child.on("exit", () => (exited = true));
  for (let i = 0; i < 400 && !(await canConnect(port)); i++) {
    if (exited) throw new Error(`${engine} exited at start; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    engine,
    port,
    child,
    uri: (database) => `mongodb://127.0.0.1:${port}/${database}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
