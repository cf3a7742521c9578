import type { Role, UserStatus } from "#common/constants";
import type { DiseaseKey } from "./diseases";

/** Which permissions a user gets; client indexes refer to CLIENTS. */
export type PermissionScope =
  | { kind: "everything" }
  | { kind: "clients"; clients: number[] }
  | { kind: "grants"; grants: { client: number; area: string; diseases?: DiseaseKey[] }[] }
  | { kind: "none" };

export interface UserSeed {
  first: string;
  last: string;
  email: string;
  role: Role;
  status: UserStatus;
  isTopAdmin?: boolean;
  scope: PermissionScope;
  /** Self-registered users that were never accepted have no password. */
  noPassword?: boolean;
  rejectReason?: string;
}

// The first six are the demo logins (see demo-logins.ts); the rest cover every role and status.
export const USERS: UserSeed[] = [
  { first: "Olivia", last: "Hartmann", email: "owner@pharmascope.test", role: "admin", status: "active", isTopAdmin: true, scope: { kind: "everything" } },
  { first: "Marcus", last: "Reid", email: "admin@pharmascope.test", role: "admin", status: "active", scope: { kind: "clients", clients: [0, 1] } },
  { first: "Elena", last: "Varga", email: "editor@pharmascope.test", role: "editor", status: "active", scope: { kind: "clients", clients: [0, 1] } },
  {
    first: "Arjun", last: "Shah", email: "analyst@pharmascope.test", role: "external", status: "active",
    scope: { kind: "grants", grants: [
      { client: 0, area: "Neurology", diseases: ["alzheimers", "parkinsons"] },
      { client: 0, area: "Rare Diseases", diseases: ["sma"] },
    ] },
  },
  {
    first: "Nadia", last: "Kowalski", email: "multi@pharmascope.test", role: "external", status: "active",
    scope: { kind: "grants", grants: [
      { client: 0, area: "Immunology & Dermatology" },
      { client: 2, area: "Respiratory", diseases: ["asthma", "copd"] },
    ] },
  },
  { first: "Jonah", last: "Pereira", email: "pending@pharmascope.test", role: "", status: "pending", scope: { kind: "none" } },

  { first: "Priya", last: "Raman", email: "priya.raman@pharmascope.test", role: "admin", status: "active", scope: { kind: "clients", clients: [0, 1, 2] } },
  { first: "Tomás", last: "Herrera", email: "tomas.herrera@pharmascope.test", role: "editor", status: "active", scope: { kind: "clients", clients: [2] } },
  { first: "Grace", last: "Liu", email: "grace.liu@pharmascope.test", role: "editor", status: "inactive", scope: { kind: "clients", clients: [1] } },
  { first: "Isabella", last: "Novak", email: "isabella.novak@pharmascope.test", role: "admin", status: "inactive", scope: { kind: "clients", clients: [0] } },
  { first: "Fatima", last: "Al-Sayed", email: "fatima.alsayed@pharmascope.test", role: "editor", status: "blocked", scope: { kind: "clients", clients: [0] } },
  { first: "Oliver", last: "Bennett", email: "oliver.bennett@northbridge.example", role: "external", status: "active", scope: { kind: "grants", grants: [{ client: 1, area: "Oncology" }] } },
  { first: "Amara", last: "Nwosu", email: "amara.nwosu@aurorabio.example", role: "external", status: "active", scope: { kind: "grants", grants: [{ client: 2, area: "Respiratory", diseases: ["asthma"] }] } },
  { first: "Samuel", last: "Osei", email: "samuel.osei@northbridge.example", role: "external", status: "active", scope: { kind: "grants", grants: [{ client: 1, area: "Cardiovascular" }] } },
  { first: "Elena", last: "Petrova", email: "elena.petrova@keystonebio.example", role: "external", status: "active", scope: { kind: "grants", grants: [{ client: 3, area: "Rare Diseases" }] } },
  { first: "Lukas", last: "Becker", email: "lukas.becker@helix-tx.example", role: "external", status: "terminated", scope: { kind: "grants", grants: [{ client: 0, area: "Neurology", diseases: ["ms"] }] } },
  { first: "Hannah", last: "Schmidt", email: "hannah.schmidt@aurorabio.example", role: "external", status: "terminated", scope: { kind: "grants", grants: [{ client: 2, area: "Immunology & Dermatology" }] } },
  { first: "Chloé", last: "Martin", email: "chloe.martin@northbridge.example", role: "external", status: "blocked", scope: { kind: "grants", grants: [{ client: 1, area: "Metabolic & Endocrine", diseases: ["obesity"] }] } },
  { first: "Benjamin", last: "Clarke", email: "benjamin.clarke@aurorabio.example", role: "external", status: "inactive", scope: { kind: "grants", grants: [{ client: 2, area: "Infectious Diseases" }] } },
  { first: "Mateo", last: "Rossi", email: "mateo.rossi@helix-tx.example", role: "", status: "pending", scope: { kind: "none" }, noPassword: true },
  { first: "Yuki", last: "Tanaka", email: "yuki.tanaka@aurorabio.example", role: "", status: "pending", scope: { kind: "none" }, noPassword: true },
  { first: "Noah", last: "Fischer", email: "noah.fischer@gmail.example", role: "", status: "pending", scope: { kind: "none" }, noPassword: true },
];
