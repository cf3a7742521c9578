// User-facing texts of the specification (user-app §5, §8 and the screens of §2), verbatim — typos included: they are
// the contract. Texts the spec does not give are written where they are used.

// Navigation and permissions (user-app §2, §8)
export const SELECT_CLIENT_FIRST = "Please, select a client first!";
export const INVALID_CLIENT_ID = "Invalid Client ID";
export const INVALID_ID = "Invalid ID";
export const WRONG_ID = "wrong id!";
/** The not-found screen's title (user-app §2), on /not-found and wherever a page or file is not there. */
export const NOT_FOUND_TITLE = "Are you lost?";
export const NOT_FOUND_TEXT = "The page you asked for does not exist or has moved.";

// Therapeutic areas
export const AREA_ADDED = "Therapeutic Area Added!";
export const AREA_UPDATED = "Therapeutic Area Updated";
export const AREA_SAVE_FAILED = "Unexpected Error occured..";
export const AREA_DELETED = "Therapeutic Area Deleted!";
export const AREA_DELETE_FAILED = "Error ocured while deleting Therapeutic Area.";
export const AREA_DELETE_QUESTION = "This will delete all the Diseases inside this therapeutic area. Are you sure?";
export const NO_AREAS = "You don't have access to any Therapeutic Areas";

// Diseases
export const DISEASE_ADDED = "Disease Added!";
export const DISEASE_ADD_FAILED = "Eror occured while adding disease.";
export const DISEASE_UPDATED = "Disease Updated!";
export const DISEASE_UPDATE_FAILED = "Eror occured while updating disease.";
export const DISEASE_DELETED = "Disease Deleted!";
export const DISEASE_DELETE_FAILED = "Error ocured while deleting disease.";
export const NO_DISEASES = "No Disease Found in this Category!";
/** A disease card's line, the spec's 'Contain 3 reports', in the singular for one. */
export const containsReports = (n: number) => `Contain ${counted(n, "report")}`;
/** The question before a disease is deleted (the spec words only the area's). */
export const diseaseDeleteQuestion = (name: string) => `This will delete the disease ${name}. Are you sure?`;

// Reports
export const SHEET_LOAD_FAILED = "Something Unexpected happened while getting the sheet data. Please try again.";
/** A report as of a day whose sheet version cannot be read back (issue 30). */
export const VERSION_UNREADABLE =
  "This version of the sheet cannot be read: its stored rows are damaged or in a form this release does not read.";
export const NO_SUCH_VERSION = "This disease's sheet has no such version.";
/** "Compare with the previous version" when the report's version is the sheet's first (issue 30). */
export const NO_PREVIOUS_VERSION = "The sheet has no earlier version to compare with.";
/** A report as of a day before the sheet's first read (issue 30). */
export const noVersionOn = (day: string) => `The sheet had not been read yet on ${day}.`;
/** Following a disease's landscape (issue 30): "every week" / "every month". */
export const followSaved = (disease: string, how: string) => `You follow ${disease}: ${how}, an e-mail says what changed.`;
export const followStopped = (disease: string) => `You no longer follow ${disease}.`;
export const NO_REPORTS = "No Reports selected";
export const REPORT_NOT_AVAILABLE = "Report Not Available";
export const MISSING_COLUMNS = "Missing required columns";
/** user-app §8: an export the server could not build ("export and others"). */
export const EXPORT_FAILED = "Unexpected Error occured!";
/** More exports waiting to be built than the server queues (docs/decisions/020): this one is refused, not kept waiting. */
export const EXPORT_BUSY = "Many exports are being built right now. Please try again in a minute.";
/** The same for a large sheet's report built on the server (the page without JavaScript, the API). */
export const REPORT_BUSY = "Many reports are being built right now. Please try again in a minute.";
export const REPORT_1_FAILED = "This sheet doesn't have all the required data fields!";
export const NO_NEWS = "No news found with current filters!";
/** The news feed's fallback when its search fails (user-app §8). */
export const NEWS_SEARCH_FAILED = "Unexpected error occurred!";
export const NO_CLIENT_SELECTED = "No Client Selected!";
export const NO_DRAFT_NEWS = "No Draft News found";
export const NEWS_UPDATED = "News Updated!";
export const NEWS_UPDATE_FAILED = "Eror occured while updating news.";
export const NEWS_DELETED = "News Deleted";
export const NEWS_DELETE_FAILED = "Eror occured while deleting news.";
export const NEWS_ADDED = "News Added!";
export const NEWS_ADD_FAILED = "Eror occured while adding news.";
export const NEWS_LOAD_FAILED = "Unexpected error occured while getting the news!";
export const CONTENT_REQUIRED = "Content is required!";
export const COMPANIES_REQUIRED = "Companies is required!";
export const COMPOUNDS_REQUIRED = "Compounds is required!";
export const FILE_UPLOAD_IN_PROGRESS = "File upload in progress!";
/** A news attachment over ATTACHMENT_MAX_BYTES (10 MB), refused as it is chosen and again by the server. */
export const attachmentTooLarge = (name: string) => `"${name}" is larger than 10 MB.`;
/** user-app §8 gives the client's text and says "the same for a therapeutic area": that one is worded alike. */
export const clientNotPermitted = (name: string) =>
  `The client ${name} was not found in the client permissions list. Check your permissions!`;
export const areaNotPermitted = (name: string) =>
  `The therapeutic area ${name} was not found in the therapeutic area permissions list. Check your permissions!`;

// Accounts
export const PASSWORD_CHANGED = "Password changed successfully";
export const PASSWORD_SET = "Password set successfully";
export const NO_TOKEN = "No Token!";
export const PASSWORDS_MUST_MATCH = "Passwords must match";
export const REQUIRED = "Required";
/** A form field sent in a shape no control sends (twice, or with fields nested under it): a tampered form. */
export const FIELD_UNREADABLE = "This field could not be read: enter it again.";
export const FORM_UNREADABLE = "The form could not be read: send it again.";
/** A list's page token that cannot be used (forged, or from an older version): the list starts at its first page. */
export const PAGE_RESTARTED = "That page of the list could not be found, so it starts again at the first page.";
export const UNEXPECTED_ERROR = "Unexpected error occured!";
export const SIGN_UP_FAILED = "Unexpected Error occured!";

// Administration console (admin-console §5, §8)
export const FIELD_REQUIRED = "Field Required";
export const NO_DATA = "No data yet";
export const USER_ADDED = "User Added!";
export const USER_UPDATED = "User Updated!";
export const USER_ACCEPTED = "User Accepted!";
export const USER_REJECTED = "User rejected successfully!";
export const USER_UNBLOCKED = "User Unblocked.";
export const USER_DELETED = "User Deleted";
/** The question before a user is deleted (the spec words none), on its page and in the list's dialog. */
export const userDeleteQuestion = (name: string) =>
  `Delete the user "${name}"? They are signed out at once; Undo on the message brings them back for a while.`;
export const USER_RESTORED = "User restored.";
export const USER_RESTORE_TOO_LATE = "This user can no longer be restored.";
export const USER_CREATE_FAILED = "Error occurred while creating the user.";
export const USER_UPDATE_FAILED = "Error occurred while updating the user.";
export const USER_DELETE_FAILED = "Error occured while deleting the user.";
export const USER_REJECT_FAILED = "Error occurred while rejecting the user.";
export const USER_UNBLOCK_FAILED = "Error occurred while unblocking the user.";
export const PERMISSIONS_LOAD_FAILED = "Sorry! We couldn't load the permissions :(";
export const CLIENT_ADDED = "Client Added!";
export const CLIENT_UPDATED = "Client updated!";
export const CLIENT_DELETED = "Client Deleted";
export const CLIENT_UPDATE_FAILED = "Error occurred while editing the client.";
export const CLIENT_CREATE_FAILED = "Error occurred while creating the client.";
export const CLIENT_DELETE_FAILED = "Unexpected error occurred while deleting a client!";
export const STATUS_CHANGE_FAILED = "Error occurred";
export const COMPANY_ADDED = "Company Added!";
/** The spec gives no text for a saved edit; worded like the others of the console. */
export const COMPANY_UPDATED = "Company updated!";
export const COMPANY_DELETED = "Company Deleted";
export const COMPANY_CREATE_FAILED = "Error occurred while creating the company.";
export const COMPANY_UPDATE_FAILED = "Error occurred while editing the company.";
export const COMPANY_DELETE_FAILED = "Unexpected error occurred while deleting a company!";
export const COMPANIES_LOAD_FAILED = "Unexpected error occured while getting companies!";
/** A company still named elsewhere is not deleted (nothing would be left pointing at nothing). */
export const companyInUse = (name: string, refs: { compounds: number; news: number; companies: number }) =>
  stillNamed(name, [
    counted(refs.compounds, "compound"),
    counted(refs.news, "news item"),
    refs.companies === 1 ? "1 company (as its parent)" : `${refs.companies} companies (as their parent)`,
  ]);
const stillNamed = (name: string, parts: string[]) =>
  `${name} is still named by ${parts.filter((t) => !t.startsWith("0 ")).join(", ")}: make it inactive instead, or change those first.`;
// The company logos manager (user-app §2, §5, §8)
export const LOGO_NAME_REQUIRED = "Company Name or Logo can't be blank!";
export const LOGO_TOO_LARGE = "Maximum allowed file size is 5MB!";
export const LOGO_DELETED = "Logo Deleted..";
export const LOGO_DELETE_FAILED = "Logo could not be deleted..";
/** The question before a company's logo is deleted (the spec words none), on its page and in the list's dialog. */
export const logoDeleteQuestion = (name: string) => `Delete the logo of "${name}"? The company stays. This cannot be undone.`;
/** user-app §8 words a company deleted from the logos manager so; the console's is COMPANY_DELETED. */
export const LOGO_COMPANY_DELETED = "Company Deleted!";
export const KEYWORD_ADDED = "Keyword Added!";
export const KEYWORD_UPDATED = "Keyword updated!";
export const KEYWORD_DELETED = "Keyword Deleted";
export const KEYWORD_CREATE_FAILED = "Error occurred while creating the keyword.";
export const KEYWORD_UPDATE_FAILED = "Error occurred while editing the keyword.";
/** admin-console §8 words the client's and says "likewise company, compound, keyword, event". */
export const KEYWORD_DELETE_FAILED = "Unexpected error occurred while deleting a keyword!";
/** admin-console §8: 'Unexpected error occured while getting companies!' "and the same pattern for … keywords". */
export const KEYWORD_LOAD_FAILED = "Unexpected error occured while getting keywords!";
export const COMPOUND_ADDED = "Compound Added";
export const COMPOUNDS_IMPORTED = "Compounds Imported.";
export const KEYWORDS_IMPORTED = "Keywords Imported.";
export const COMPOUND_UPDATED = "Compound Updated";
export const COMPOUND_DELETED = "Compound Deleted";
/** admin-console §8: the compound form's one fallback, for create and update alike. */
export const COMPOUND_SAVE_FAILED = "Unexpected error occurred";
export const COMPOUND_DELETE_FAILED = "Unexpected error occurred while deleting a compound!";
/** A compound that cannot be read for editing (unknown, or of a disease the user does not hold). */
export const COMPOUND_LOAD_FAILED = "Unexpected error occured while getting the compound";
/** admin-console §8: "the same pattern for compounds". */
export const COMPOUNDS_LOAD_FAILED = "Unexpected error occured while getting compounds!";
export const COMPOUND_NAME_REQUIRED = "Compound must have at least one name!";
export const COMPOUND_ORIGINATOR_REQUIRED = "Compound must have a Originatior Company!";
/** A compound still named elsewhere is not deleted, as a company is not. */
export const compoundInUse = (name: string, refs: { news: number; events: number; trials: number }) =>
  stillNamed(name, [counted(refs.news, "news item"), counted(refs.events, "event"), counted(refs.trials, "trial")]);
export const EVENT_ADDED = "Event Added!";
/** The spec gives no text for a saved edit; worded like the keyword's. */
export const EVENT_UPDATED = "Event updated!";
export const EVENT_DELETED = "Event Deleted";
export const EVENT_CREATE_FAILED = "Error occurred while creating the event.";
export const EVENT_UPDATE_FAILED = "Error occurred while editing the event.";
/** admin-console §8, letter for letter ("a event"). */
export const EVENT_DELETE_FAILED = "Unexpected error occurred while deleting a event!";
/** admin-console §8: "the same pattern for … events". */
export const EVENTS_LOAD_FAILED = "Unexpected error occured while getting events!";
export const EVENT_TIMEZONE_REQUIRED = "The Event must have a Timezone!";
export const EVENT_END_BEFORE_START = "End date must be greater than start date";
/** admin-console §8 names no success texts for trials: worded as the events' ('Event Added!', 'Event Deleted'),
 *  docs/decisions/013. */
export const TRIAL_ADDED = "Trial Added!";
export const TRIAL_UPDATED = "Trial Updated!";
export const TRIAL_DELETED = "Trial Deleted";
/** admin-console §8: one text for a failed create and a failed update. */
export const TRIAL_SAVE_FAILED = "Error occurred while creating the trial.";
/** admin-console §8 (trials list, trial delete), letter for letter: the list's failure names events. */
export const TRIALS_LOAD_FAILED = "Unexpected error occurred while getting events!";
export const TRIAL_DELETE_FAILED = "Unexpected error occurred while deleting a event!";
/** admin-console §2 "Delete Trail" dialog, letter for letter. */
export const TRIAL_DELETE_TITLE = "Delete Trail";
export const TRIAL_DELETE_QUESTION = "Are you sure you want to delete this trial?";
/** admin-console §4: a trial's status switch says 'Event active!' / 'Event inactive!' (with statusChanged). */
export const TRIAL_STATUS_ENTITY = "Event";
/** The row menu's status switch (admin-console §4): 'Client active!', 'Client inactive!'. */
export const statusChanged = (entity: string, status: string) => `${entity} ${status}!`;

/** "1 report", "3 reports": a count with its noun, in the singular for one. */
export const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
/** The question before a client is deleted, with what goes with it (the spec words none). */
export function clientDeleteQuestion(
  name: string,
  impact: Record<"areas" | "diseases" | "news" | "events" | "trials" | "keywords" | "compounds" | "users", number>,
) {
  const parts = [
    counted(impact.areas, "therapeutic area"),
    `${counted(impact.diseases, "disease")} with their sheet caches`,
    counted(impact.news, "news item"),
    counted(impact.events, "event"),
    counted(impact.trials, "trial"),
    counted(impact.keywords, "keyword"),
    counted(impact.compounds, "compound"),
  ];
  return `This will delete ${name} with ${parts.join(", ")}, and remove it from the access of ${counted(impact.users, "user")}. This cannot be undone. Are you sure?`;
}

// Trial import from ClinicalTrials.gov (issue 15; the spec has none of these)
export const REGISTRY_UNREACHABLE = "ClinicalTrials.gov could not be reached. Nothing was imported; try again later.";
export const REGISTRY_BAD_ANSWER = "ClinicalTrials.gov sent an answer that could not be read. Nothing was imported; try again later.";
export const registryRefused = (detail: string) =>
  `ClinicalTrials.gov refused the search${detail ? `: ${detail}` : ""}. Nothing was imported.`;
export const registryTooMany = (count: number, max: number) =>
  `The search matches ${count.toLocaleString("en-US")} studies; at most ${max.toLocaleString("en-US")} are imported at a time. Narrow it (a sponsor, an intervention or a phase). Nothing was imported.`;
export const REGISTRY_IMPORTED = "Trials imported from ClinicalTrials.gov.";
export const REGISTRY_SYNCED = "Synced with ClinicalTrials.gov.";
export const REGISTRY_SYNC_BUSY = "This import is being synced right now; its report shows when it is done.";
export const REGISTRY_SYNC_DELETED = "Saved import deleted. Its trials stay.";
export const REGISTRY_SYNC_GONE = "This saved import no longer exists.";

// Saved searches and their digests (issue 16).
export const SEARCH_SAVED = "Search saved. Its digest lists what is published from now on.";
export const SEARCH_UPDATED = "Saved search updated.";
export const SEARCH_DELETED = "Saved search deleted.";
export const SEARCH_GONE = "This saved search no longer exists.";
export const DIGEST_OFF = "You will no longer receive this digest.";
export const DIGEST_LINK_INVALID = "This unsubscribe link is invalid or its saved search was deleted.";

// Keyword monitoring (issue 16).
export const SOURCE_ADDED = "Source Added!";
export const SOURCE_UPDATED = "Source Updated!";
export const SOURCE_DELETED = "Source Deleted";
export const SOURCE_SAVE_FAILED = "The source could not be saved. Please try again.";
export const SOURCE_DELETE_FAILED = "The source could not be deleted. Please try again.";
export const SOURCE_RUN_SOON = "The source will be checked within a minute or two; reload this page to see what it found.";
export const SOURCE_URL_REQUIRED = "Enter the feed's address (http:// or https://).";
export const SOURCES_LOAD_FAILED = "The monitoring sources could not be loaded.";
export const EDITORS_DIGEST_SAVED = "Fetch-queue digest setting saved.";
export const FETCH_DIGEST_MINE_ON = "You will receive the fetch-queue digest.";
export const FETCH_DIGEST_MINE_OFF = "You will no longer receive the fetch-queue digest.";

/** API tokens (issue 29): a token revoked on its owner's page; a revocation that names no live token of that user. */
export const TOKEN_REVOKED = "API token revoked. It no longer works.";
export const NO_SUCH_TOKEN = "No such API token.";
