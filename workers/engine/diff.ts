// What changed between two versions of a report (issue 30): a pure function over two models the engine built from two
// versions of a disease's sheet. Rows are matched across versions by the report's own identity of a row — product,
// company and condition for the boards and the timeline, the trial for the line-of-therapy board, the asset and its
// segment for the calendar — so a cell reworded in place is a change of that row, not a removal and an addition. Rows
// left unmatched are paired by a similar product name of the same company when one is close enough: such a match is
// reported, and says it is uncertain. Each change comes with a sentence as the "What changed" panel lists it.
import type { DateValue } from "./dates";
import type { ChangeKind, ReportModel, RowChange, RowChanges, TrialSlip } from "./model";

/** Text as rows are matched by it: Unicode-normalised, spaces collapsed, any case. */
const norm = (text: string) => text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();

export type { ChangeKind };

export interface ModelChange {
  kind: ChangeKind;
  /** The row's identity in the newer version (the older one's for a removal): what the page highlights. */
  key: string;
  /** The sheet row in the newer version, null for a removal. */
  sheetRow: number | null;
  product: string;
  company: string;
  from: string | null;
  to: string | null;
  /** The change in words: "Leqembi SC: Phase II → Phase III". */
  text: string;
  /** Matched by a similar name rather than the same identity. */
  uncertain: boolean;
  /** The earlier date of a launch or primary completion move (YYYY-MM-DD), where it was one. */
  fromIso?: string | null;
}

export interface ModelDiff {
  type: ReportModel["type"];
  changes: ModelChange[];
  /** Rows in both versions and unchanged. */
  unchanged: number;
  /** The trial registry's moves of primary completion dates seen between the two days, of trials the newer version's
   *  rows name (the sheet did not change them; the registry did). */
  registry: RegistryMove[];
}

/** A primary completion move the registry saw, of a trial a row names, with the row's product. */
export interface RegistryMove {
  sheetRow: number;
  product: string;
  slip: TrialSlip;
}

/** The days compared (YYYY-MM-DD): registry moves seen after `since` and (when set) on or before `until` count. */
export interface DiffWindow {
  since: string;
  until: string | null;
}

/** One row of a report as the comparison sees it: its identity, what it is called, and what may change. */
interface Entry {
  key: string;
  sheetRow: number | null;
  product: string;
  company: string;
  /** Compared field by field: each a change of its own kind when it differs. */
  fields: Partial<Record<FieldKind, string>>;
  /** Events by name (the calendar): month (or "beyond") each is in. */
  events?: Map<string, string>;
  /** The dates the engine placed a launch or primary completion at (YYYY-MM-DD), for the timeline's ghost. */
  isos?: Partial<Record<"launch" | "primary-completion", string | null>>;
}
type FieldKind = "phase" | "launch" | "primary-completion" | "priority" | "segment" | "lot" | "footnote" | "detail";

const FIELD_WORDS: Record<FieldKind, string> = {
  phase: "",
  launch: "launch moved",
  "primary-completion": "primary completion moved",
  priority: "priority",
  segment: "segment",
  lot: "line of therapy",
  footnote: "footnote",
  detail: "details",
};

/** A day as the reports write it (DD/MM/YYYY), or the sheet's own text for a period ('Q3 2027'). */
export function dayText(value: DateValue | null, text = ""): string {
  if (!value) return text;
  if (value.precision !== "day") return value.label;
  const [y, m, d] = value.iso.split("-");
  return `${d}/${m}/${y}`;
}

const keyOf = (...parts: string[]) => parts.map(norm).join("\u0001");

/** The footnotes a sheet row carries, as their text (numbers differ between versions; words do not). */
function footnotesOf(model: ReportModel, rows: number[]): string {
  const texts = rows.flatMap((row) => (model.footnoteRefs[row] ?? []).map((n) => model.footnotes[n - 1] ?? ""));
  return [...new Set(texts)].filter(Boolean).join(" / ");
}

/** The rows of a report as entries to compare. */
export function entriesOf(model: ReportModel): Entry[] {
  switch (model.type) {
    case "landscape-type-1":
      return model.columns.flatMap((column) =>
        column.boxes.map((box) => ({
          key: keyOf(box.product, box.company, box.condition),
          sheetRow: box.sheetRows[0] ?? null,
          product: box.product,
          company: box.company,
          fields: {
            phase: column.label,
            launch: dayText(box.launch, box.launchText),
            priority: box.priority,
            segment: box.segments.join(", "),
            footnote: footnotesOf(model, box.sheetRows),
          },
          isos: { launch: box.launch?.iso ?? null },
        })),
      );
    case "timeline-chart":
      return model.items.map((item) => ({
        key: keyOf(item.product, item.company, item.condition, item.segment),
        sheetRow: item.sheetRow,
        product: item.product,
        company: item.company,
        fields: { launch: dayText(item.launch), priority: item.priority, footnote: footnotesOf(model, [item.sheetRow]) },
        isos: { launch: item.launch.iso },
      }));
    case "timeline-table":
      return model.rows.map((row) => ({
        key: keyOf(row.product, row.company),
        sheetRow: row.sheetRow,
        product: row.product,
        company: row.company,
        fields: {
          launch: dayText(row.launch),
          priority: row.priority,
          footnote: footnotesOf(model, [row.sheetRow]),
          detail: [row.us, row.eu, row.japan, row.restOfWorld, row.estLaunchCountry, row.launchAssumptions].map((v) => v ?? "").join(" | "),
        },
        isos: { launch: row.launch?.iso ?? null },
      }));
    case "event-calendar":
      return model.rows.map((row) => {
        const events = new Map<string, string>();
        row.months.forEach((list, i) => list.forEach((e) => events.set(e.name || e.text, model.months[i]?.label ?? "")));
        row.beyond.forEach((e) => events.set(e.name || e.text, "beyond 6 months"));
        return {
          key: keyOf(row.product, row.company, row.segment),
          sheetRow: row.sheetRow,
          product: row.product,
          company: row.company,
          fields: { launch: dayText(row.launch) },
          events,
        };
      });
    case "landscape-type-2":
      return model.lotColumns.flatMap((column) =>
        column.trials.map((card) => ({
          key: keyOf(card.trialIdentifier || card.trialName, card.regimen, card.lot),
          sheetRow: card.sheetRow,
          product: card.regimen || card.trialName,
          company: card.trialSponsor,
          fields: {
            phase: card.trialPhase,
            "primary-completion": dayText(card.primaryCompletion, card.primaryCompletionText),
            detail: [card.class, card.recruitmentStatus].join(" | "),
            footnote: footnotesOf(model, [card.sheetRow]),
          },
          isos: { "primary-completion": card.primaryCompletion?.iso ?? null },
        })),
      );
    case "landscape-type-3":
      return model.focusAreas.flatMap((area) =>
        area.cells.flatMap((cell, i) =>
          cell.map((card) => ({
            key: keyOf(card.product, card.company, area.focusArea),
            sheetRow: card.sheetRow,
            product: card.product,
            company: card.company,
            fields: { phase: model.phaseColumns[i]?.label ?? card.phaseText, footnote: footnotesOf(model, [card.sheetRow]) },
          })),
        ),
      );
    default:
      // Events-2 and the news list come from the database, not the sheet: no versions to compare.
      return [];
  }
}

/** Words of a product name, for pairing a renamed row. */
const words = (text: string) =>
  new Set(
    norm(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/** How alike two product names are: shared words over all words (Jaccard). */
function likeness(a: string, b: string) {
  const [x, y] = [words(a), words(b)];
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}
/** Names this alike (and of the same company) are taken as one row renamed. */
const RENAME_LIKENESS = 0.5;

function change(kind: ChangeKind, entry: Entry, from: string | null, to: string | null, uncertain: boolean): ModelChange {
  const name = entry.product || "(no product)";
  const text =
    kind === "added"
      ? `Added: ${name}${entry.company ? ` (${entry.company})` : ""}${to ? `, ${to}` : ""}`
      : kind === "removed"
        ? `Removed: ${name}${entry.company ? ` (${entry.company})` : ""}${from ? `, ${from}` : ""}`
        : kind === "renamed"
          ? `${from} renamed ${to}`
          : kind === "phase"
            ? `${name}: ${from || "no phase"} → ${to || "no phase"}`
            : kind === "launch" || kind === "primary-completion"
              ? `${name}: ${FIELD_WORDS[kind]} from ${from || "no date"} to ${to || "no date"}`
              : kind === "event-added"
                ? `${name}: ${from} added (${to})`
                : kind === "event-moved"
                  ? `${name}: ${from} moved to ${to}`
                  : kind === "event-dropped"
                    ? `${name}: ${from} dropped`
                    : `${name}: ${FIELD_WORDS[kind as FieldKind]} ${from ? `“${from}”` : "none"} → ${to ? `“${to}”` : "none"}`;
  return {
    kind,
    key: entry.key,
    sheetRow: kind === "removed" ? null : entry.sheetRow,
    product: entry.product,
    company: entry.company,
    from,
    to,
    text: uncertain ? `${text} (matched by a similar name)` : text,
    uncertain,
  };
}

/** Whether two rows' compared fields are all alike. */
const sameFields = (a: Entry, b: Entry) => (Object.keys(b.fields) as FieldKind[]).every((k) => (a.fields[k] ?? "") === (b.fields[k] ?? ""));

/** The changes between the same row in two versions. */
function rowChanges(before: Entry, after: Entry, uncertain: boolean): ModelChange[] {
  const changes: ModelChange[] = [];
  if (uncertain) changes.push(change("renamed", after, before.product, after.product, true));
  for (const kind of Object.keys(after.fields) as FieldKind[]) {
    const [from, to] = [before.fields[kind] ?? "", after.fields[kind] ?? ""];
    if (from === to) continue;
    const found = change(kind, after, from || null, to || null, uncertain);
    if (kind === "launch" || kind === "primary-completion") found.fromIso = before.isos?.[kind] ?? null;
    changes.push(found);
  }
  if (before.events || after.events) {
    const [was, now] = [before.events ?? new Map<string, string>(), after.events ?? new Map<string, string>()];
    for (const [name, where] of now) {
      const earlier = was.get(name);
      if (earlier === undefined) changes.push(change("event-added", after, name, where, uncertain));
      else if (earlier !== where) changes.push(change("event-moved", after, `${name} (${earlier})`, where, uncertain));
    }
    for (const name of was.keys()) if (!now.has(name)) changes.push(change("event-dropped", after, name, null, uncertain));
  }
  return changes;
}

/**
 * The changes from `before` to `after`, two models of one report type built from two versions of the sheet: rows added
 * and removed, and for each row in both its phase, launch or primary completion date, priority, segment, line of
 * therapy, footnotes, events and other details — newer rows in their report's order, removals last. `before` null: a
 * version the report could not be built from, every row of `after` new to it.
 */
export function diffModels(before: ReportModel | null, after: ReportModel, window: DiffWindow | null = null): ModelDiff {
  if (before && before.type !== after.type) throw new Error(`cannot compare ${before.type} with ${after.type}`);
  const [was, now] = [before ? entriesOf(before) : [], entriesOf(after)];
  // Rows by identity; a duplicated identity is matched in order.
  const waiting = new Map<string, Entry[]>();
  for (const entry of was) waiting.set(entry.key, [...(waiting.get(entry.key) ?? []), entry]);
  // Rows as they were (the same name and fields) first, so rows sharing an identity (two segments, two spellings) pair
  // with their own; then the rest of each identity, the same spelling first.
  const take = (after: Entry, twinsOnly: boolean) => {
    const same = waiting.get(after.key) ?? [];
    let at = same.findIndex((b) => b.product === after.product && sameFields(b, after));
    if (at < 0 && !twinsOnly)
      at = Math.max(
        0,
        same.findIndex((b) => b.product === after.product),
      );
    return at >= 0 && at < same.length ? same.splice(at, 1)[0]! : null;
  };
  const pairs = now.map((after) => ({ after, before: take(after, true), uncertain: false }));
  for (const pair of pairs) pair.before ??= take(pair.after, false);
  const left = [...waiting.values()].flat();
  // Unmatched rows paired by a similar product name of the same company, the most alike first.
  for (const pair of pairs) {
    if (pair.before) continue;
    let best: { entry: Entry; score: number } | null = null;
    for (const entry of left) {
      if (norm(entry.company) !== norm(pair.after.company)) continue;
      const score = likeness(entry.product, pair.after.product);
      if (score >= RENAME_LIKENESS && (!best || score > best.score)) best = { entry, score };
    }
    if (best) {
      left.splice(left.indexOf(best.entry), 1);
      Object.assign(pair, { before: best.entry, uncertain: true });
    }
  }
  const changes: ModelChange[] = [];
  let unchanged = 0;
  for (const { before: earlier, after: entry, uncertain } of pairs) {
    if (!earlier) {
      changes.push(change("added", entry, null, entry.fields.phase ?? null, false));
      continue;
    }
    const found = rowChanges(earlier, entry, uncertain);
    if (found.length) changes.push(...found);
    else unchanged++;
  }
  // A removal says where the row was — its phase, or where the report has none its launch — as an addition says where
  // it is (two removed rows of one product are then told apart).
  for (const entry of left) {
    const where = entry.fields.phase ?? (entry.fields.launch ? `launch ${entry.fields.launch}` : null);
    changes.push(change("removed", entry, where, null, false));
  }
  return { type: after.type, changes, unchanged, registry: window ? registryMoves(after, now, window) : [] };
}

/** The registry's moves seen within the window, of trials the rows name: one per move (rows naming one trial share it). */
function registryMoves(model: ReportModel, entries: readonly Entry[], { since, until }: DiffWindow): RegistryMove[] {
  const products = new Map(entries.map((e) => [e.sheetRow, e.product]));
  const seen = new Set<string>();
  const moves: RegistryMove[] = [];
  for (const [row, slips] of Object.entries(model.slips ?? {})) {
    for (const slip of slips) {
      const day = slip.seenAt.slice(0, 10);
      const key = `${slip.trial}|${slip.from}|${slip.to}|${day}`;
      if (day <= since || (until && day > until) || seen.has(key)) continue;
      seen.add(key);
      moves.push({ sheetRow: Number(row), product: products.get(Number(row)) ?? "", slip });
    }
  }
  return moves.sort((a, b) => a.slip.seenAt.localeCompare(b.slip.seenAt) || a.sheetRow - b.sheetRow);
}

/**
 * The model with its rows' changes (the diff of it against an earlier version) attached as `changes`, so every view of
 * it marks them: the boards' cards, the timeline (a ghost at a launch's old date), the tables (old → new), the calendar
 * and the deck. Removed rows have no row to mark: the "What changed" list names them.
 */
export function markChanges<M extends ReportModel>(model: M, diff: ModelDiff, since: string): M {
  const rows: RowChanges["rows"] = {};
  for (const { kind, from, to, fromIso, text, sheetRow } of diff.changes) {
    if (sheetRow === null) continue;
    const mark: RowChange = { kind, from, to, text, ...(fromIso ? { fromIso } : {}) };
    (rows[sheetRow] ??= []).push(mark);
  }
  return { ...model, changes: { since, rows } };
}
