import type { Permission } from "./permissions";

// What the signed-in shell (top bar, drawer) shows: the layout's loader builds it (app/services/shell.server.ts), the
// shell component (app/components/shell/app-shell.tsx) reads it.

/** The permissions the shell's links depend on. */
export const SHELL_PERMISSIONS = [
  "administration:view",
  "client:manage",
  "audit:view",
  "monitoring:manage",
] as const satisfies readonly Permission[];

export interface ShellData {
  user: { id: string; fullName: string; email: string };
  can: Record<(typeof SHELL_PERMISSIONS)[number], boolean>;
  clientCount: number;
  selectedClient: { id: string; name: string } | null;
  drawerOpen: boolean;
}

/** The client an address names — a client's page (/clients/{id}/…) or a link the app sends (?client={id}) — whether or
 *  not the user may open it (the server checks). Opening such an address selects that client. */
export function clientOfAddress(url: URL): string | undefined {
  const [, first, second] = url.pathname.split("/");
  return ((first === "clients" ? second : undefined) || url.searchParams.get("client") || undefined)?.toLowerCase();
}

/** A link the app sends (mail, calendars) to a page that follows the selected client: it names its client. */
export function withClient(path: string, clientId: string) {
  const url = new URL(path, "http://x");
  url.searchParams.set("client", clientId);
  return `${url.pathname}${url.search}`;
}
