import { useMemo, useState } from "react";
import { ComboBox } from "react-aria-components/ComboBox";
import { Input } from "react-aria-components/Input";
import { ListBox, ListBoxItem } from "react-aria-components/ListBox";
import { Popover } from "react-aria-components/Popover";

import type { SelectOption } from "~/utils/options";
import { useHydrated } from "~/utils/use-hydrated";

import { ErrorList, type ListOfErrors } from "./forms";

// A choice of several entries from a long list (a news item's companies and compounds). Without JavaScript it is a
// native multiple select; with it, the chosen entries are chips with their own remove buttons and a combo box finds
// more as one types (the first 50 matches are listed, so thousands of companies stay quick). Either way the form
// sends one `name` value per entry. `single` (a company's parent among a hundred, an event's zone among 420): without
// JavaScript a text field with the labels as its suggestions (a <datalist>: the browser finds as one types, no round
// trip), whose text the action turns into the option's value (readPicked, app/utils/options.ts), as one piece for
// names and ids alike.

const SHOWN = 50;

export function MultiPicker({
  id,
  name,
  label,
  options,
  defaultValue,
  errors,
  placeholder,
  single = false,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue: readonly string[];
  errors?: ListOfErrors;
  placeholder?: string;
  /** One entry at most (a company's parent): a text field with suggestions without JavaScript, one chip with it. */
  single?: boolean;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string[]>(() => defaultValue.filter((v) => options.some((o) => o.value === v)));
  const [typed, setTyped] = useState("");
  // Each choice starts a fresh combo box (empty, closed, still focused): ready for the next name.
  const [round, setRound] = useState(0);
  const labelOf = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const matches = useMemo(() => {
    const words = typed.trim().toLowerCase();
    const taken = new Set(chosen);
    return options.filter((o) => !taken.has(o.value) && (!words || o.label.toLowerCase().includes(words))).slice(0, SHOWN);
  }, [options, chosen, typed]);
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.filter(Boolean).length);
  const aria = { "aria-invalid": invalid || undefined, "aria-describedby": invalid ? errorId : undefined };

  if (!hydrated && single) {
    const hintId = `${id}-hint`;
    return (
      <div className={`field${invalid ? " field-invalid" : ""}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          type="text"
          list={`${id}-options`}
          defaultValue={labelOf.get(defaultValue[0] ?? "") ?? defaultValue[0] ?? ""}
          placeholder={placeholder}
          autoComplete="off"
          {...aria}
          aria-describedby={[hintId, aria["aria-describedby"]].filter(Boolean).join(" ")}
        />
        <datalist id={`${id}-options`}>
          {options.map((o) => (
            <option key={o.value} value={o.label} />
          ))}
        </datalist>
        <p id={hintId} className="field-hint">
          Type a name, or part of it, and choose it from the suggestions.
        </p>
        <ErrorList id={errorId} errors={errors} />
      </div>
    );
  }
  if (!hydrated) {
    return (
      <div className={`field${invalid ? " field-invalid" : ""}`}>
        <label htmlFor={id}>{label}</label>
        <select id={id} name={name} multiple size={Math.min(8, Math.max(options.length, 2))} defaultValue={[...defaultValue]} {...aria}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <p className="field-hint">Hold Ctrl (⌘ on a Mac) to choose several.</p>
        <ErrorList id={errorId} errors={errors} />
      </div>
    );
  }
  // The chips sit outside the combo box: its popover hides the rest of the page from assistive technology while open.
  return (
    <div className={`field multi-picker${invalid ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {chosen.length ? (
        <ul className="chips" aria-label={`${label}: chosen`}>
          {chosen.map((value) => (
            <li key={value} className="chip">
              {labelOf.get(value) ?? value}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${labelOf.get(value) ?? value}`}
                onClick={() => setChosen((current) => current.filter((v) => v !== value))}
              >
                ×
              </button>
              <input type="hidden" name={name} value={value} />
            </li>
          ))}
        </ul>
      ) : null}
      {single && chosen.length ? null : (
        <ComboBox
          key={round}
          aria-label={label}
          items={matches}
          onInputChange={setTyped}
          selectedKey={null}
          onSelectionChange={(key) => {
            if (key === null) return;
            setChosen((current) => (current.includes(String(key)) ? current : [...current, String(key)]));
            setTyped("");
            setRound((r) => r + 1);
          }}
        >
          {/* Focus stays where the user was typing. */}
          <Input id={id} autoFocus={round > 0} placeholder={placeholder ?? `Type to find ${label.toLowerCase()}`} {...aria} />
          <Popover className="menu-popover picker-popover" placement="bottom start">
            <ListBox
              className="menu"
              renderEmptyState={() => <p className="menu-item muted">{options.length ? "No match" : "Nothing to choose"}</p>}
            >
              {(o: SelectOption) => (
                <ListBoxItem id={o.value} className="menu-item" textValue={o.label}>
                  {o.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
