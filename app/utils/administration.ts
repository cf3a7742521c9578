// The administration console's sections (admin-console §2), for the console's tabs and the sidebar's Administration
// menu alike.
export const ADMINISTRATION_TABS: ReadonlyArray<{
  to: string;
  label: string;
  only?: "client:manage" | "audit:view" | "monitoring:manage";
}> = [
  { to: "/administration/client", label: "Clients", only: "client:manage" },
  { to: "/administration/company", label: "Companies" },
  { to: "/administration/compound", label: "Compounds" },
  { to: "/administration/keyword", label: "Keywords" },
  { to: "/administration/events", label: "Events" },
  { to: "/administration/trials", label: "Trials" },
  { to: "/administration/users", label: "Users" },
  { to: "/administration/monitoring", label: "Monitoring", only: "monitoring:manage" },
  { to: "/administration/history", label: "History", only: "audit:view" },
];

export const USERS_LIST = "/administration/users";
export const CLIENTS_LIST = "/administration/client";
export const KEYWORDS_LIST = "/administration/keyword";
export const EVENTS_LIST = "/administration/events";
export const TRIALS_LIST = "/administration/trials";
/** The trials' ClinicalTrials.gov import (issue 15). */
export const TRIALS_IMPORT = "/administration/trials/import";
export const COMPANIES_LIST = "/administration/company";
export const COMPOUNDS_LIST = "/administration/compound";
/** Keyword monitoring's sources (issue 16). */
export const MONITORING = "/administration/monitoring";
export const COMPANY_LOGOS = "/manage-company-logos";
/** The news feed and the news drafts (user-app §4). */
export const NEWS_FEED = "/news";
export const DRAFTS_LIST = "/news/drafts";

/** The Publish / Unpublish confirmation (user-app §4), as its page and the dialogs over the lists ask it. */
export const publishConfirmation = (title: string, published: boolean) =>
  published
    ? { title: "Unpublish", question: `Move "${title}" back to the drafts?`, confirm: "Unpublish" }
    : { title: "Publish", question: `Publish "${title}" to the news feed?`, confirm: "Publish" };
