/** One choice of a select, a cascade or a picker: what is sent and what is shown. */
export type SelectOption = { value: string; label: string };

/** Names in the order the lists show them: English, ignoring case and accents. One collator for every comparison:
 *  `localeCompare` with a locale or options builds a new one each time it is called (most of a long sort's cost). */
export const byName = new Intl.Collator("en", { sensitivity: "base" }).compare;
/** Options by their labels, in that order. */
export const byLabel = (a: { label: string }, b: { label: string }) => byName(a.label, b.label);
