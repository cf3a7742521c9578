import { memo, useCallback, useMemo, useState, type KeyboardEvent } from "react";

import { ErrorList, type ListOfErrors } from "~/components/forms";
import { applyPickerIntent, areaKeys, grantKey, pickerVisibility, treeKeys, type AccessTree, type PickerIntent } from "~/utils/access";
import { useHydrated } from "~/utils/use-hydrated";

// The user form's permissions picker (admin-console §2): every disease the editing administrator holds, grouped by
// client and therapeutic area, as checkboxes named "grants". 'Grant All', 'Reset', each area's 'Select All' and the
// filter are submit buttons with an `intent` without JavaScript (the action re-renders the form with the new choice,
// nothing saved) and act in place with it. Areas fold (native <details>) and show their counts, so 50 areas × 30
// diseases per client stay manageable; a filtered-out or folded checkbox is still in the form and still sent.

/** The hidden field holding the filter the form was last drawn with (without JavaScript). */
export const FILTER_SHOWN = "filterShown";

type Client = AccessTree["clients"][number];
type Area = Client["areas"][number];

export function PermissionsPicker({
  tree,
  defaultChecked,
  defaultFilter,
  errors,
  errorId,
}: {
  tree: AccessTree;
  defaultChecked: readonly string[];
  defaultFilter: string;
  errors?: ListOfErrors;
  errorId: string;
}) {
  const hydrated = useHydrated();
  const [checked, setChecked] = useState(() => new Set(defaultChecked));
  const [filter, setFilter] = useState(defaultFilter);
  const total = useMemo(() => treeKeys(tree).length, [tree]);
  const visible = useMemo(() => pickerVisibility(tree, filter), [tree, filter]);
  const apply = useCallback((intent: PickerIntent) => setChecked((current) => applyPickerIntent(intent, current, tree)), [tree]);
  const toggle = useCallback(
    (key: string, on: boolean) =>
      setChecked((current) => {
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const chosenClients = tree.clients.filter((c) => c.areas.some((a) => areaKeys(c, a).some((k) => checked.has(k))));
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.preventDefault(); // the filter applies as one types; Enter must not save
  };
  const invalid = Boolean(errors?.filter(Boolean).length);

  return (
    <fieldset className="picker" aria-describedby={invalid ? errorId : "picker-summary"} aria-invalid={invalid || undefined}>
      <legend>Permissions</legend>
      <div className="picker-toolbar">
        <IntentButton intent="grant-all" hydrated={hydrated} onIntent={apply}>
          Grant All
        </IntentButton>
        <IntentButton intent="reset" hydrated={hydrated} onIntent={apply}>
          Reset
        </IntentButton>
        <label className="sr-only" htmlFor="picker-filter">
          Filter areas and diseases
        </label>
        <input
          id="picker-filter"
          name="filter"
          type="search"
          placeholder="Filter areas and diseases"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={onFilterKey}
        />
        {hydrated ? null : (
          <>
            {/* The filter the form was drawn with: Enter after changing it filters (submitUserForm). */}
            <input type="hidden" name={FILTER_SHOWN} value={defaultFilter} />
            <button type="submit" name="intent" value="filter" className="button" formNoValidate>
              Filter
            </button>
          </>
        )}
      </div>
      <p id="picker-summary" className="field-hint" aria-live="polite">
        {checked.size} of {total} diseases selected
        {chosenClients.length ? ` · Clients: ${chosenClients.map((c) => c.name).join(", ")}` : ""}
      </p>
      <ErrorList id={errorId} errors={errors} />
      {tree.clients.length === 0 ? <p className="empty">You hold no access you could grant.</p> : null}
      {tree.clients.map((client) => (
        <section key={client.id} className="picker-client" hidden={visible ? !visible.has(client.id) : undefined} aria-label={client.name}>
          <h3>
            {client.name}{" "}
            <span className="count">
              {client.areas.reduce((n, a) => n + areaKeys(client, a).filter((k) => checked.has(k)).length, 0)} selected
            </span>
          </h3>
          {client.areas.map((area) => {
            const keys = areaKeys(client, area);
            return (
              <AreaGroup
                key={area.id}
                client={client}
                area={area}
                selected={keys.filter((k) => checked.has(k)).join(",")}
                visible={visible ? keys.filter((k) => visible.has(k)).join(",") : null}
                hydrated={hydrated}
                onToggle={toggle}
                onIntent={apply}
              />
            );
          })}
        </section>
      ))}
    </fieldset>
  );
}

/** A picker button: a submit with its intent without JavaScript, an in-place change with it. */
function IntentButton({
  intent,
  hydrated,
  onIntent,
  children,
  label,
}: {
  intent: PickerIntent;
  hydrated: boolean;
  onIntent: (intent: PickerIntent) => void;
  children: string;
  label?: string;
}) {
  return hydrated ? (
    <button type="button" className="button" onClick={() => onIntent(intent)} aria-label={label}>
      {children}
    </button>
  ) : (
    <button type="submit" name="intent" value={intent} className="button" formNoValidate aria-label={label}>
      {children}
    </button>
  );
}

/** One therapeutic area: folded, with its count and 'Select All'; re-renders only when its own choice or filter
 *  changes (`selected` and `visible` are its keys joined), so a click stays instant in a tree of thousands. */
const AreaGroup = memo(function AreaGroup({
  client,
  area,
  selected,
  visible,
  hydrated,
  onToggle,
  onIntent,
}: {
  client: Client;
  area: Area;
  selected: string;
  visible: string | null;
  hydrated: boolean;
  onToggle: (key: string, on: boolean) => void;
  onIntent: (intent: PickerIntent) => void;
}) {
  const chosen = new Set(selected ? selected.split(",") : []);
  const shown = visible === null ? null : new Set(visible ? visible.split(",") : []);
  return (
    <div className="picker-area" hidden={shown ? shown.size === 0 : undefined}>
      <details open={shown ? true : undefined}>
        <summary>
          {area.name}{" "}
          <span className="count">
            {chosen.size}/{area.diseases.length}
          </span>
        </summary>
        <ul>
          {area.diseases.map((d) => {
            const key = grantKey(client.id, area.id, d.id);
            return (
              <li key={d.id} hidden={shown ? !shown.has(key) : undefined}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name="grants"
                    value={key}
                    checked={chosen.has(key)}
                    onChange={(e) => onToggle(key, e.target.checked)}
                  />{" "}
                  {d.name}
                </label>
              </li>
            );
          })}
        </ul>
      </details>
      <IntentButton
        intent={`select-area:${client.id}.${area.id}`}
        hydrated={hydrated}
        onIntent={onIntent}
        label={`Select All in ${area.name}`}
      >
        Select All
      </IntentButton>
    </div>
  );
});
