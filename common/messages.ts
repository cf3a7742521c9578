// User-facing texts of the specification (user-app §5, §8 and the screens of §2), verbatim — typos included: they are
// the contract. Texts the spec does not give are written where they are used.

// Navigation and permissions (user-app §2, §8)
export const SELECT_CLIENT_FIRST = "Please, select a client first!";
export const INVALID_CLIENT_ID = "Invalid Client ID";
export const INVALID_ID = "Invalid ID";
export const WRONG_ID = "wrong id!";

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
/** The question before a disease is deleted (the spec words only the area's). */
export const diseaseDeleteQuestion = (name: string) => `This will delete the disease ${name}. Are you sure?`;

// Reports
export const SHEET_LOAD_FAILED = "Something Unexpected happened while getting the sheet data. Please try again.";
export const NO_REPORTS = "No Reports selected";
export const REPORT_NOT_AVAILABLE = "Report Not Available";
export const MISSING_COLUMNS = "Missing required columns";
export const REPORT_1_FAILED = "This sheet doesn't have all the required data fields!";
export const NO_NEWS = "No news found with current filters!";

// Accounts
export const PASSWORD_CHANGED = "Password changed successfully";
export const PASSWORD_SET = "Password set successfully";
export const NO_TOKEN = "No Token!";
export const PASSWORDS_MUST_MATCH = "Passwords must match";
export const REQUIRED = "Required";
export const UNEXPECTED_ERROR = "Unexpected error occured!";
export const SIGN_UP_FAILED = "Unexpected Error occured!";
