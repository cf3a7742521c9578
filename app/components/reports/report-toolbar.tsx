import { Form, Link, useLocation, useSubmit } from "@remix-run/react";

import { FONT_SIZE, FONT_SIZE_REFUSED, PREVIOUS_VERSION, VIEW_FORM_MARK, ZOOM_LEVELS, type ReportView } from "~/reports/view";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The viewer's controls as one GET form: without JavaScript 'Apply' reloads the page with them in the URL; with it
 * each change applies at once (the route skips the server for the ones that only change the look).
 */
export function ReportToolbar({ type, view, showTm }: { type: string; view: ReportView; showTm: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  return (
    <Form
      method="get"
      // The page, not the browser, refuses a font size out of range: the same message with and without JavaScript.
      noValidate
      className="report-toolbar"
      aria-label="Report options"
      onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
    >
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name={VIEW_FORM_MARK} value="1" />
      <span className="toolbar-field">
        <label htmlFor="report-font-size">Font size</label>
        {/* What the URL asks for, refused or not: the control and the address always agree. */}
        <input
          id="report-font-size"
          type="number"
          name="fs"
          min={FONT_SIZE.min}
          max={FONT_SIZE.max}
          step={1}
          defaultValue={view.refusedFontSize ?? view.fontSize}
          key={view.refusedFontSize ?? view.fontSize}
          aria-invalid={view.refusedFontSize ? true : undefined}
          aria-describedby={view.refusedFontSize ? "report-font-size-error" : undefined}
        />
        px
        {view.refusedFontSize ? (
          <span id="report-font-size-error" className="field-error" role="alert">
            {FONT_SIZE_REFUSED}
          </span>
        ) : null}
      </span>
      <label className="toolbar-field">
        Zoom
        <select name="zoom" defaultValue={String(view.zoom)} key={String(view.zoom)}>
          <option value="fit">Fit to width</option>
          {ZOOM_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level} %
            </option>
          ))}
        </select>
      </label>
      {showTm ? <Check name="tm" label="Therapeutic Modality" checked={view.tm} /> : null}
      {type === "landscape-type-2" ? <Check name="lot" label="Combine LOT" checked={view.combineLot} /> : null}
      {type === "timeline-chart" ? <Check name="first" label="Start at the first launch" checked={view.startAtFirstLaunch} /> : null}
      <fieldset className="toolbar-group">
        <legend>Footnotes panel</legend>
        <Check name="footnotes" label="Footnotes" checked={view.footnotes} />
        <Check name="vertical" label="Vertical" checked={view.vertical} />
      </fieldset>
      {type === "list" ? null : <Check name="invalid" label="Show Invalid Records" checked={view.invalid} />}
      {type === "list" ? null : (
        // The report as it stood on an earlier day (issue 30): the sheet's version read by its end (UTC). Empty: today.
        <label className="toolbar-field">
          As of
          <input type="date" name="asOf" max={yesterday()} defaultValue={view.asOf ?? ""} key={view.asOf ?? ""} />
        </label>
      )}
      {type === "list" || type === "events-2" ? null : view.compare === PREVIOUS_VERSION ? (
        // Compared with the version before the report's own (the panel's "Stop comparing" ends it).
        <span className="toolbar-field">
          <input type="hidden" name="compare" value={PREVIOUS_VERSION} />
          Compared with the previous version
        </span>
      ) : (
        // What changed since an earlier day, or since the version before (issue 30): the panel above the report lists it.
        <span className="toolbar-field">
          <label>
            Compare with <input type="date" name="compare" max={yesterday()} defaultValue={view.compare ?? ""} key={view.compare ?? ""} />
          </label>
          <Link to={withCompare(location.search, PREVIOUS_VERSION)} preventScrollReset>
            or the previous version
          </Link>
        </span>
      )}
      {hydrated ? null : (
        <button type="submit" className="button">
          Apply
        </button>
      )}
    </Form>
  );
}

/** The page's address with `compare` set. */
function withCompare(search: string, compare: string) {
  const params = new URLSearchParams(search);
  params.set("compare", compare);
  return `?${params}`;
}

/** The latest day `asOf` takes (UTC): today's report is the report without it. */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  // key: a new URL (Back/Forward) resets the uncontrolled box to what the URL says.
  return (
    <label className="toolbar-check">
      <input type="checkbox" name={name} value="true" defaultChecked={checked} key={String(checked)} /> {label}
    </label>
  );
}
