/** One choice of a select, a cascade or a picker: what is sent and what is shown. */
export type SelectOption = { value: string; label: string };
