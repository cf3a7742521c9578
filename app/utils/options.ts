import { nameKey } from "#common/search";

/** One choice of a select, a cascade or a picker: what is sent and what is shown. */
export type SelectOption = { value: string; label: string };

/** Names in the order the lists show them: English, ignoring case and accents. One collator for every comparison:
 *  `localeCompare` with a locale or options builds a new one each time it is called (most of a long sort's cost). */
export const byName = new Intl.Collator("en", { sensitivity: "base" }).compare;
/** Options by their labels, in that order. */
export const byLabel = (a: { label: string }, b: { label: string }) => byName(a.label, b.label);

/**
 * A single picker's choice as its form sent it (MultiPicker `single`), put in the form as the option's value. With
 * JavaScript the picker sends that value. Without it, one types into a text field with the labels as suggestions
 * (find-as-you-type in the browser, no round trip): the text is an option's label (spelt as nameKey compares names:
 * "europe/berlin" is Europe/Berlin) or a part of one label only ("Berl"). A part of several is answered with them, for
 * the user to type more; a text naming none is left as it is, for the form's own check and message.
 */
export function readPicked(form: FormData, name: string, options: readonly SelectOption[]): string[] | undefined {
  const text = form.get(name);
  if (typeof text !== "string" || !text.trim() || options.some((o) => o.value === text)) return undefined;
  const key = nameKey(text);
  const named = options.filter((o) => nameKey(o.label) === key);
  const found = named.length ? named : options.filter((o) => nameKey(o.label).includes(key));
  if (found.length === 1) form.set(name, found[0]!.value);
  if (found.length < 2) return undefined;
  const shown = found.slice(0, 5).map((o) => o.label);
  const more = found.length > shown.length ? ` and ${found.length - shown.length} more` : "";
  return [`'${text.trim()}' is part of ${found.length} names: ${shown.join(", ")}${more}. Type more of the one you mean.`];
}
