// Report 1 (landscape-type-1): the phase-column board, plain or modality (tm) variant.
import { COLUMNS } from "../columns";
import {
  BOX_SIZE,
  DEFAULT_PHASES,
  KEPT_PRIORITIES,
  PHASE_IDS,
  PHASE_LABELS,
  PRIORITY_LETTERS,
  type ModalityFlag,
  type PhaseId,
} from "../constants";
import type { BuildContext } from "../context";
import { dateKey, parseDate, type DateValue } from "../dates";
import type { Landscape1Box, Landscape1Model, PhaseColumn } from "../model";
import { classifyPhase, modalityIcon, modalityRank, parsePriority, resolveDuplicates, segmentsOf } from "../rules";
import { compareNames, isTruthyFlag, normKey, orNull } from "../text";

const KEPT = new Set<string>(KEPT_PRIORITIES["landscape-type-1"]);
const OPTIONAL = ["isNew", "roa", "nctLink", "nctUrl", "na", "modality", "dormant", "potentialDmt"] as const;
const RE_DORMANT = /dormant/i;

/** One (row, segment) unit before duplicate resolution and merging. Units of one row share `box`. */
interface Unit {
  row: number;
  segment: string;
  box: Omit<Landscape1Box, "segments" | "sheetRows">;
  /** Normalised product, company and condition. */
  baseKey: string;
  launchKey: number | null;
}

type BoxFields = Unit["box"];
/** Rows identical apart from segment: the same displayed values (trimmed text, compared exactly). */
function sameDisplay(a: BoxFields, b: BoxFields): boolean {
  return (
    a === b ||
    (a.phase === b.phase &&
      a.product === b.product &&
      a.company === b.company &&
      a.moa === b.moa &&
      a.condition === b.condition &&
      a.phaseText === b.phaseText &&
      a.launchText === b.launchText &&
      a.priority === b.priority &&
      a.isNew === b.isNew &&
      a.roa === b.roa &&
      a.nctLink === b.nctLink &&
      a.na === b.na &&
      a.modality === b.modality &&
      a.flags.join() === b.flags.join())
  );
}

export function buildLandscape1(ctx: BuildContext, options: { tm?: boolean }): Landscape1Model {
  const { rows, nonEmpty } = ctx.sheet;
  const units: Unit[] = [];

  // 1. Validate each row, then split its segments (split → normalise → dedupe within the row).
  for (let i = 0; i < rows.length; i++) {
    if (!nonEmpty[i]) continue;
    const hmlText = ctx.text(i, "hml");
    const priority = parsePriority(hmlText);
    if (!priority || !KEPT.has(priority)) {
      ctx.rejectValue(i, "hml", hmlText, "kept: HH, Medium, Low");
      continue;
    }
    const phaseText = ctx.text(i, "compoundPhase");
    const phase = classifyPhase(phaseText);
    if (!phase) {
      ctx.rejectValue(i, "compoundPhase", phaseText);
      continue;
    }
    const product = ctx.text(i, "product");
    if (!product) {
      ctx.rejectValue(i, "product", "");
      continue;
    }
    const launchText = ctx.text(i, "estLaunch");
    const parsed = parseDate(ctx.cell(i, "estLaunch"));
    let launch: DateValue | null = null;
    if (parsed.ok) launch = parsed.value;
    else if (!parsed.blank) ctx.warn(i, "estLaunch", launchText, `Launch date '${launchText}' could not be read: ${parsed.reason}`);
    const modality = orNull(ctx.text(i, "modality"));
    const flags: ModalityFlag[] = [];
    if (isTruthyFlag(ctx.cell(i, "dormant")) || RE_DORMANT.test(phaseText)) flags.push("dormant");
    if (isTruthyFlag(ctx.cell(i, "potentialDmt"))) flags.push("potential-dmt");
    const company = ctx.text(i, "company");
    const condition = ctx.text(i, "condition");
    const box: BoxFields = {
      product,
      company,
      moa: ctx.text(i, "moa"),
      condition,
      phase,
      phaseText,
      launch,
      launchText,
      priority: priority as Landscape1Box["priority"],
      priorityLetter: PRIORITY_LETTERS[priority],
      isNew: isTruthyFlag(ctx.cell(i, "isNew")),
      roa: orNull(ctx.text(i, "roa")),
      nctLink: orNull(ctx.text(i, "nctLink")) ?? orNull(ctx.text(i, "nctUrl")),
      na: orNull(ctx.text(i, "na")),
      modality,
      modalityIcon: modalityIcon(modality),
      flags,
    };
    const baseKey = `${normKey(product)}\u0000${normKey(company)}\u0000${normKey(condition)}`;
    const segments = segmentsOf(ctx.cell(i, "segment"));
    if (segments.length === 0) segments.push("");
    const launchKey = launch ? dateKey(launch) : null;
    for (const segment of segments) units.push({ row: i, segment, box, baseKey, launchKey });
  }

  // 2. Duplicates: same product, company, condition and segment (normalised) → keep the earlier launch. A row is
  //    accounted for once: shown while any of its segments is kept (the segments it lost are a warning on its box),
  //    else one duplicate record naming each segment and the row that kept it.
  const keys = units.map((u) => `${u.baseKey}\u0000${normKey(u.segment)}`);
  const lostTo = resolveDuplicates(
    keys,
    units.map((u) => u.launchKey),
    "earlier",
  );
  const kept: Unit[] = [];
  const keptRows = new Set<number>();
  const lost = new Map<number, Array<{ segment: string; keptRow: number }>>();
  units.forEach((u, k) => {
    if (lostTo[k] < 0) {
      kept.push(u);
      keptRows.add(u.row);
    } else lost.set(u.row, [...(lost.get(u.row) ?? []), { segment: u.segment, keptRow: ctx.sheetRow(units[lostTo[k]].row) }]);
  });
  for (const [row, segments] of lost) {
    const reason =
      `Duplicated=Yes: same ${COLUMNS.product}, ${COLUMNS.company}, ${COLUMNS.condition} and ${COLUMNS.segment} ` +
      `${segments.map((s) => `${s.segment ? `('${s.segment}') ` : ""}as row ${s.keptRow}`).join(" and ")}, ` +
      `${segments.length > 1 ? "which have" : "which has"} the earlier launch date`;
    const value = segments.map((s) => s.segment).join(", ");
    if (keptRows.has(row)) ctx.warn(row, "segment", value, reason);
    else ctx.reject(row, "duplicate", reason, "segment", value || null, segments[0]!.keptRow);
  }

  // 3. Merge units identical apart from segment into one multi-segment box (candidates share product, company
  //    and condition, so only that bucket is compared).
  const buckets = new Map<string, { fields: BoxFields; box: Landscape1Box }[]>();
  const boxes: Landscape1Box[] = [];
  for (const u of kept) {
    let bucket = buckets.get(u.baseKey);
    if (!bucket) buckets.set(u.baseKey, (bucket = []));
    const sheetRow = ctx.sheetRow(u.row);
    const hit = bucket.find((b) => sameDisplay(b.fields, u.box));
    if (hit) {
      const existing = hit.box;
      if (u.segment && !existing.segments.some((s) => normKey(s) === normKey(u.segment))) existing.segments.push(u.segment);
      if (!existing.sheetRows.includes(sheetRow)) existing.sheetRows.push(sheetRow);
    } else {
      const box: Landscape1Box = { sheetRows: [sheetRow], ...u.box, flags: [...u.box.flags], segments: u.segment ? [u.segment] : [] };
      bucket.push({ fields: u.box, box });
      boxes.push(box);
    }
  }

  // 4. Columns.
  const byPhase = new Map<PhaseId, Landscape1Box[]>(PHASE_IDS.map((p) => [p, []]));
  for (const box of boxes) byPhase.get(box.phase)!.push(box);
  const variant = options.tm ? "modality" : "plain";
  if (variant === "modality") {
    for (const boxes of byPhase.values()) {
      const rank = new Map(boxes.map((b) => [b, modalityRank(b.modality)]));
      boxes.sort((a, b) => rank.get(a)! - rank.get(b)! || compareNames(a.product, b.product));
    }
  }
  const columns: PhaseColumn<Landscape1Box>[] = PHASE_IDS.filter((p) => DEFAULT_PHASES.includes(p) || byPhase.get(p)!.length > 0).map(
    (p) => ({ id: p, label: PHASE_LABELS[p], boxes: byPhase.get(p)! }),
  );

  return {
    ...ctx.base("landscape-type-1", boxes.length),
    variant,
    boxSize: { ...BOX_SIZE },
    columns,
    optionalColumns: OPTIONAL.filter((id) => ctx.has(id)).map((id) => COLUMNS[id]),
  };
}
