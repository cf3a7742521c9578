// Business constants from the specification (user-app §9, admin-console §9). Shared by browser and server.
export const APP_VERSION = "3.2.1";
export const MOBILE_BREAKPOINT = 768;
/** user-app §9: the date picker's own mobile breakpoint (at or below it a filter form applies only on Apply). */
export const DATE_PICKER_BREAKPOINT = 600;
export const MAX_TOASTS = 4;
export const PASSWORD_MIN_LENGTH = 10;
export const SUMMARY_MAX_CHARS = 1000;
/** An uploaded logo (clients, companies, compounds): at most 5 MB (user-app §9: 5,242,880 bytes). The browser checks
 *  a chosen file against it before sending; the server checks again. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** A news attachment: at most 10 MB a file (checked as for logos). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** /resources/company-logos: a report draws a few hundred companies at most, with names far shorter than this; every
 *  name becomes part of one query, so longer lists or names are refused. */
export const LOGO_QUERY = { maxNames: 500, maxNameLength: 200 } as const;

export const ROLES = ["", "admin", "editor", "external"] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ["pending", "active", "inactive", "terminated", "blocked"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const ACTIVE_STATUSES = ["active", "inactive"] as const;
/** How long a deleted user can be restored ('Undo') before the account is purged for good. */
export const USER_RESTORE_MINUTES = 30;

/** What the audit trail records: the kinds of record and the changes made to them. */
export const AUDIT_ENTITIES = ["user", "client", "company", "keyword", "compound", "event", "trial", "source", "news"] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = ["create", "update", "status", "accept", "reject", "unblock", "delete", "restore", "purge"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The report types (user-app §2): the spec's ids stay in URLs and settings; analysts read the descriptive names (the
 *  ids are their tooltips). */
export const REPORT_TYPES = [
  { id: "timeline-chart", name: "Launch timeline" },
  { id: "timeline-table", name: "Launch table" },
  { id: "event-calendar", name: "Event calendar" },
  { id: "list", name: "News" },
  { id: "landscape-type-1", name: "Pipeline by phase" },
  { id: "landscape-type-2", name: "Line-of-therapy landscape" },
  { id: "landscape-type-3", name: "Focus-area landscape" },
  { id: "events-2", name: "Events by quarter" },
] as const;
export type ReportTypeId = (typeof REPORT_TYPES)[number]["id"];
/** The ids in menu order (a tuple type, so zod and mongoose enums accept it). */
export const REPORT_TYPE_IDS = REPORT_TYPES.map((r) => r.id) as [ReportTypeId, ...ReportTypeId[]];
export const REPORT_NAMES = Object.fromEntries(REPORT_TYPES.map((r) => [r.id, r.name])) as Record<ReportTypeId, string>;
export function isReportType(value: unknown): value is ReportTypeId {
  return typeof value === "string" && (REPORT_TYPE_IDS as readonly string[]).includes(value);
}

export const COMPANY_TYPES = ["Pharmaceutical", "Biotech", "Academic Institution", "Med Tech", "Others"] as const;
export const REGIONS = ["US", "EU", "Japan", "China", "Global"] as const;
export const THERAPEUTIC_MODALITIES = [
  "Small Molecule",
  "mAb",
  "Vaccine",
  "AntagoNAT",
  "ASO",
  "Cell Therapy",
  "Gene Therapy",
  "Olegonucleotide",
  "Peptide",
  "RNAi",
  "Stem Cell",
  "Large Molecule",
] as const;
export const DEVELOPMENT_PHASES = [
  "Discovery",
  "Pre-clinical",
  "Phase 1",
  "Phase 1/2",
  "Phase 2",
  "Phase 2/3",
  "Phase 3",
  "Phase 4",
  "Filed/Registered",
  "Approved",
  "Marketed",
  "Terminated",
  "Withdrawn",
  "Suspended",
  "Others",
] as const;
/** Compound priority: 1 High, 2 Medium, 3 Low (admin-console §9; the number is stored). */
export const COMPOUND_PRIORITIES = { 1: "High", 2: "Medium", 3: "Low" } as const;
/** Keyword priority: 1 Low, 2 Medium, 3 High (admin-console §9: the opposite of compounds'; the number is stored). */
export const KEYWORD_PRIORITIES = { 1: "Low", 2: "Medium", 3: "High" } as const;
/** News priority: 1 Alert, 2 High, 3 Medium, otherwise Low. */
export const NEWS_PRIORITIES = { 1: "Alert", 2: "High", 3: "Medium", 4: "Low" } as const;
export const NEWS_CATEGORIES = ["Commercial", "Development Needs", "Regulatory", "Trial Initiation", "Trial Results", "Others"] as const;
export const NEWS_STATUSES = ["published", "draft", "fetch"] as const;
export const EVENT_TYPES = ["Conference", "Regulatory/ Other Development", "Trial Initiation/ Results", "Commercial"] as const;

// ---- Trials (admin-console §3 "Trial form fields"; the spec gives no option lists: these are ClinicalTrials.gov's) ----
/** Recruitment statuses as ClinicalTrials.gov words them. */
export const TRIAL_STATUSES = [
  "Not yet recruiting",
  "Recruiting",
  "Enrolling by invitation",
  "Active, not recruiting",
  "Suspended",
  "Terminated",
  "Completed",
  "Withdrawn",
  "Unknown status",
] as const;
/** Trial phases, with the sub-phases registries use (1b, 2b, 3b). */
export const TRIAL_PHASES = [
  "Phase 1",
  "Phase 1b",
  "Phase 1/2",
  "Phase 2",
  "Phase 2b",
  "Phase 2/3",
  "Phase 3",
  "Phase 3b",
  "Phase 4",
] as const;
/** Whether a start, primary completion or enrollment figure is the actual one or an estimate. */
export const TRIAL_DATE_TYPES = ["Actual", "Anticipated"] as const;
export const THERAPY_TYPES = ["Monotherapy", "Combination"] as const;
export const AGE_UNITS = ["Years", "Months", "Weeks", "Days"] as const;
export const TRIAL_GENDERS = ["All", "Female", "Male"] as const;

/** How often a saved news search is e-mailed as a digest (issue 16); "off" keeps the search without mail. */
export const DIGEST_FREQUENCIES = ["daily", "weekly", "off"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** How often a followed disease's "what changed" e-mail comes (issue 30), as the report page's control names them. */
export const FOLLOW_FREQUENCIES = ["weekly", "monthly"] as const;
export type FollowFrequency = (typeof FOLLOW_FREQUENCIES)[number];
export const FOLLOW_LABELS: Record<FollowFrequency, string> = { weekly: "Every week", monthly: "Every month" };

/** Where keyword monitoring looks (issue 16): a feed, PubMed searched for each keyword, the saved registry imports. */
export const MONITOR_SOURCE_KINDS = { rss: "RSS/Atom feed", pubmed: "PubMed", registry: "ClinicalTrials.gov imports" } as const;
export type MonitorSourceKind = keyof typeof MONITOR_SOURCE_KINDS;
/** How often a source may be asked, in minutes: every quarter hour at most, once a week at least. */
export const MONITOR_INTERVALS = {
  15: "Every 15 minutes",
  60: "Every hour",
  360: "Every 6 hours",
  1440: "Daily",
  10080: "Weekly",
} as const;

/** Integration API tokens (issue 29): what a token may do, and how many days it may live (a year at most). */
export const API_TOKEN_SCOPES = ["read", "read+write"] as const;
export const API_TOKEN_DAYS = [7, 30, 90, 365] as const;
