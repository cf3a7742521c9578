// The demo accounts created by the seed; the demo start script prints them. Every account uses DEMO_PASSWORD,
// the pending one too, so that signing in with it shows the pending message (status messages are only shown
// after the password matched; the other pending sign-ups have no password yet).
export const DEMO_PASSWORD = "Pharma#Demo2026";

export const DEMO_LOGINS = [
  { email: "owner@pharmascope.test", role: "Top-level admin: every client, area and disease" },
  { email: "admin@pharmascope.test", role: "Admin: Helix Therapeutics and Northbridge Pharma" },
  { email: "editor@pharmascope.test", role: "Editor: Helix Therapeutics and Northbridge Pharma" },
  { email: "analyst@pharmascope.test", role: "External: one client (Helix Therapeutics), Alzheimer's, Parkinson's and SMA" },
  { email: "multi@pharmascope.test", role: "External: two clients (Helix Therapeutics, Aurora Biosciences)" },
  { email: "pending@pharmascope.test", role: "Pending sign-up: cannot sign in until accepted" },
] as const;
