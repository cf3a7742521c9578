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
