import type { ReportTypeId } from "#common/constants";

// What a guard let through (app/services/auth.server.ts `requirePermitted`): a client, a therapeutic area and a disease
// the user may see. Queries take these as the caller's scope. Kept apart from the models that find them, so that each
// may name the others' without importing them.

export interface PermittedClient {
  id: string;
  name: string;
  /** Its logo as a card shows it (/resources/files/…, served to the client's users): the 200 px thumbnail, else the
   *  logo itself; null without one. */
  logo: string | null;
}

/** A therapeutic area of a permitted client that the user may see. */
export interface PermittedArea {
  id: string;
  name: string;
  clientId: string;
}

/** A disease the user may see. */
export interface PermittedDisease {
  id: string;
  name: string;
  areaId: string;
  clientId: string;
  titlePrefix: string;
  tm: boolean;
  /** The configured report types, in their stored order (the form stores them in menu order). */
  reports: ReportTypeId[];
}
