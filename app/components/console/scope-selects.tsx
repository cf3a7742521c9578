import { useFetcher } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";

import { SelectField, type ListOfErrors } from "~/components/forms";
import type { SelectOption } from "~/utils/options";
import { CASCADE_INTENT, SHOWN } from "~/utils/scope";
import { useHydrated } from "~/utils/use-hydrated";

// Client → therapeutic area → disease in a record's form (user-app §4 cascades): news, keywords and the other
// reference data. With JavaScript each choice loads the next one's options in place (/resources/scope-options) and
// clears what depended on it; without, a 'Choose' button sends the form back, and the server clears what a changed
// choice made stale (app/utils/scope.server.ts) — the form carries the selection its options were drawn for.

export type ScopeChoices = { clients: SelectOption[]; areas: SelectOption[]; diseases: SelectOption[]; compounds?: SelectOption[] };
export type Selection = { client: string; therapeuticArea: string; disease: string };

/**
 * The selection and the options in force: the page's (`options`, from the loader or the action) until a choice loads
 * new ones, which replace the cascade's lists and keep the rest (a news form's companies). `compounds`: the chosen
 * disease's compounds are loaded too.
 */
export function useScope<O extends ScopeChoices>({
  initial,
  options,
  compounds = false,
}: {
  initial: Partial<Selection>;
  options: O;
  compounds?: boolean;
}) {
  const [selection, setSelection] = useState<Selection>({
    client: initial.client ?? "",
    therapeuticArea: initial.therapeuticArea ?? "",
    disease: initial.disease ?? "",
  });
  const fetcher = useFetcher<ScopeChoices>();
  const shown: O = fetcher.data ? { ...options, ...fetcher.data } : options;
  /** A new client clears the area and disease; a new area the disease (and, with them, what hangs on the disease). */
  const choose = (field: keyof Selection) => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    const next: Selection =
      field === "client"
        ? { client: value, therapeuticArea: "", disease: "" }
        : field === "therapeuticArea"
          ? { ...selection, therapeuticArea: value, disease: "" }
          : { ...selection, disease: value };
    setSelection(next);
    const query = new URLSearchParams({
      client: next.client,
      area: next.therapeuticArea,
      disease: next.disease,
      ...(compounds ? { compounds: "1" } : {}),
    });
    fetcher.load(`/resources/scope-options?${query}`);
  };
  return { selection, shown, choose };
}

type FieldMeta = { id: string; name: string; errors?: ListOfErrors };

/** The three selects (and, without JavaScript, their 'Choose' buttons), with the hidden fields of the selection. */
export function ScopeSelects({
  fields,
  scope,
}: {
  fields: Record<keyof Selection, FieldMeta>;
  scope: Pick<ReturnType<typeof useScope>, "selection" | "shown" | "choose">;
}) {
  const hydrated = useHydrated();
  const { selection, shown, choose } = scope;
  const rows: Array<[keyof Selection, string, SelectOption[]]> = [
    ["client", "Client", shown.clients],
    ["therapeuticArea", "Therapeutic area", selection.client ? shown.areas : []],
    ["disease", "Disease", selection.therapeuticArea ? shown.diseases : []],
  ];
  return (
    <>
      {rows.map(([field]) => (
        <input key={field} type="hidden" name={SHOWN[field]} value={selection[field]} />
      ))}
      {rows.map(([field, label, list]) => (
        <div key={field} className="cascade-row">
          <SelectField
            label={label}
            selectProps={{ id: fields[field].id, name: fields[field].name, value: selection[field], onChange: choose(field) }}
            options={list}
            placeholder={list.length ? "Choose…" : "Nothing to choose yet"}
            errors={fields[field].errors}
          />
          {hydrated ? null : (
            <button type="submit" name="intent" value={CASCADE_INTENT} className="button" formNoValidate>
              Choose
            </button>
          )}
        </div>
      ))}
    </>
  );
}

/** The chosen disease's compound, optional (events, trials): drawn afresh when the disease changes, keeping the
 *  record's own compound only under its own disease. */
export function CompoundSelect({
  field,
  scope,
  initial,
}: {
  field: FieldMeta;
  scope: Pick<ReturnType<typeof useScope>, "selection" | "shown">;
  initial: { disease?: string; compound?: string };
}) {
  const { selection, shown } = scope;
  return (
    <SelectField
      key={selection.disease}
      label="Compound"
      selectProps={{ id: field.id, name: field.name, defaultValue: selection.disease === initial.disease ? (initial.compound ?? "") : "" }}
      options={selection.disease ? (shown.compounds ?? []) : []}
      placeholder={selection.disease ? "None" : "Choose a disease first"}
      errors={field.errors}
    />
  );
}
