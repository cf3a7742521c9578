// Report 6 (landscape-type-3): focus areas (rows) × phase columns, with biomarkers on each card.
import { COLUMNS } from "../columns";
import { DEFAULT_PHASES, PHASE_IDS, PHASE_LABELS, type PhaseId } from "../constants";
import type { BuildContext } from "../context";
import type { FocusAreaRow, Landscape3Card, Landscape3Model } from "../model";
import { classifyPhase } from "../rules";
import { normKey, splitList } from "../text";

export function buildLandscape3(ctx: BuildContext): Landscape3Model {
  const { rows, nonEmpty } = ctx.sheet;
  const areas = new Map<string, { name: string; byPhase: Map<PhaseId, Landscape3Card[]> }>();
  const firstRowOf = new Map<string, number>();
  const used = new Set<PhaseId>();
  let shown = 0;
  for (let i = 0; i < rows.length; i++) {
    if (!nonEmpty[i]) continue;
    const areaText = ctx.text(i, "focusArea");
    if (!areaText) {
      ctx.reject(i, "left-behind", `Left behind because ${COLUMNS.focusArea} is empty`, "focusArea", null);
      continue;
    }
    const product = ctx.text(i, "product");
    if (!product) {
      ctx.rejectValue(i, "product", "");
      continue;
    }
    const phaseText = ctx.text(i, "compoundPhase");
    const phase = classifyPhase(phaseText);
    if (!phase) {
      ctx.rejectValue(i, "compoundPhase", phaseText);
      continue;
    }
    const company = ctx.text(i, "company");
    const card: Landscape3Card = {
      sheetRow: ctx.sheetRow(i),
      product,
      company,
      moa: ctx.text(i, "moa"),
      phaseText,
      establishedBiomarker: ctx.text(i, "establishedBiomarker"),
      exploratoryBiomarker: ctx.text(i, "exploratoryBiomarker"),
    };
    let placed = 0;
    const areaNames = splitList(areaText);
    const duplicateOf: number[] = [];
    for (const name of areaNames) {
      const dupKey = `${normKey(name)}\u0000${normKey(product)}\u0000${normKey(company)}`;
      const first = firstRowOf.get(dupKey);
      if (first !== undefined) {
        duplicateOf.push(first);
        continue;
      }
      firstRowOf.set(dupKey, card.sheetRow);
      let area = areas.get(normKey(name));
      if (!area) areas.set(normKey(name), (area = { name, byPhase: new Map() }));
      let cell = area.byPhase.get(phase);
      if (!cell) area.byPhase.set(phase, (cell = []));
      cell.push(card);
      used.add(phase);
      placed++;
    }
    if (placed === 0) {
      ctx.reject(
        i,
        "duplicate",
        `Duplicated=Yes: same ${COLUMNS.focusArea}, ${COLUMNS.product} and ${COLUMNS.company} as row ${duplicateOf[0]}`,
        null,
        null,
        duplicateOf[0],
      );
    } else shown++;
  }
  const phases = PHASE_IDS.filter((p) => DEFAULT_PHASES.includes(p) || used.has(p));
  const focusAreas: FocusAreaRow[] = [...areas.values()].map((a) => ({
    focusArea: a.name,
    cells: phases.map((p) => a.byPhase.get(p) ?? []),
  }));
  return {
    ...ctx.base("landscape-type-3", shown),
    phaseColumns: phases.map((id) => ({ id, label: PHASE_LABELS[id] })),
    focusAreas,
  };
}
