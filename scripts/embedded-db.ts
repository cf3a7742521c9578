// Starts and stops the embedded database: FerretDB v1.24.2 on SQLite, bound to 127.0.0.1, telemetry off.
// Used by scripts/demo.ts (data in ./data/db) and by the test setups (a throwaway folder per run).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const FERRETDB_BIN = path.join(ROOT, ".tools/bin/ferretdb");

export interface EmbeddedDb {
  uri: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
}

function canConnect(port: number): Promise<boolean> {
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

export async function startEmbeddedDb({ dataDir, port }: { dataDir: string; port: number }): Promise<EmbeddedDb> {
  if (await canConnect(port)) throw new Error(`port ${port} is taken: is another Pharmascope database running?`);
  mkdirSync(dataDir, { recursive: true });
  const logFd = openSync(path.join(dataDir, "ferretdb.log"), "a");
  const child: ChildProcess = spawn(
    FERRETDB_BIN,
    [
      "--handler=sqlite",
      `--sqlite-url=file:${dataDir}/`,
      `--state-dir=${dataDir}`,
      `--listen-addr=127.0.0.1:${port}`,
      "--debug-addr=-",
      "--telemetry=disable",
      "--log-level=warn",
    ],
    { stdio: ["ignore", logFd, logFd] },
  );
  let exited = false;
  child.on("exit", () => (exited = true));
  for (let i = 0; i < 200 && !(await canConnect(port)); i++) {
    if (exited) throw new Error(`FerretDB exited at start; see ${dataDir}/ferretdb.log`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    uri: (database) => `mongodb://127.0.0.1:${port}/${database}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
