/** Bumped when the report models change shape, so cached results from an older engine are not reused. */
export const ENGINE_VERSION = "5";
