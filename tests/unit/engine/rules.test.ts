import { describe, expect, test } from "vitest";

import { LEGEND_PALETTE } from "#workers/engine/constants";
import {
  buildLegend,
  classifyPhase,
  collectFootnotes,
  combineLot,
  eventCategory,
  isConferenceRow,
  isLeftBehindStatus,
  lotsOf,
  modalityIcon,
  modalityRank,
  normaliseSegment,
  parseEventCell,
  parseLot,
  parsePriority,
  resolveDuplicates,
  segmentsOf,
} from "#workers/engine/rules";

describe("classifyPhase (report 1 phase columns)", () => {
  test.each([
    ["Phase III", "phase-3"],
    ["Phase IIb/III", "phase-3"],
    ["Phase II/III", "phase-3"],
    ["Phase 3", "phase-3"],
    ["phase 2/3", "phase-3"],
    ["Ph3", "phase-3"],
    ["Phase III (Dormant)", "phase-3"],
    ["Phase II", "phase-2"],
    ["Phase IIa", "phase-2"],
    ["Phase 1/2", "phase-2"],
    ["Phase I/II", "phase-2"],
    ["Phase 2b", "phase-2"],
    ["Phase I", "phase-1"],
    ["Phase 1", "phase-1"],
    ["phase i", "phase-1"],
    ["Phase Ib", "phase-1"],
    ["Pre-clinical", "pre-clinical"],
    ["Preclinical", "pre-clinical"],
    ["PRE-CLINICAL", "pre-clinical"],
    ["Discovery", "pre-clinical"],
    ["Filed", "filed"],
    ["sNDA", "filed"],
    ["sNDA (RTF Received)", "filed"],
    ["Filed (CRL Received)", "filed"],
    ["sNDA, Filed (CRL Received)", "filed"],
    ["Filed/Registered", "filed"],
    ["BLA submitted", "filed"],
    ["Approved", "approved"],
    ["Marketed", "approved"],
    ["Approved / Marketed", "approved"],
    ["Launched", "approved"],
    ["Phase IV", "approved"],
    ["Phase 4", "approved"],
  ])("%s → %s", (value, expected) => {
    expect(classifyPhase(value)).toBe(expected);
  });

  test.each([["Discontinued"], [""], ["   "], ["Terminated"], ["Inactive"], ["Withdrawn"], [null], [true], [3]])(
    "unmatched %j → null (invalid record); 'I' inside words does not count",
    (value) => {
      expect(classifyPhase(value as never)).toBeNull();
    },
  );

  test("roman numerals are tokens: 'CRL', 'Filed', 'Clinical', 'RTF' hold no I", () => {
    expect(classifyPhase("Filed (CRL Received)")).toBe("filed");
    expect(classifyPhase("Clinical hold")).toBe("pre-clinical");
    expect(classifyPhase("MAA Filed, CHMP opinion")).toBe("filed");
  });
});

describe("parsePriority (H/M/L)", () => {
  test.each([
    ["HH", "HH"],
    ["hh", "HH"],
    [" HH ", "HH"],
    ["Medium", "Medium"],
    ["MEDIUM", "Medium"],
    ["Low", "Low"],
    ["TAK ASSET", "TAK ASSET"],
    ["tak  asset", "TAK ASSET"],
    ["High", null],
    ["H", null],
    ["Urgent", null],
    ["", null],
    [1, null],
    [null, null],
  ])("%s → %s", (value, expected) => {
    expect(parsePriority(value)).toBe(expected);
  });
});

describe("segments", () => {
  test.each([
    ["Mild AD", "Mild to Moderate AD"],
    ["Moderate AD", "Mild to Moderate AD"],
    ["Mild to Moderate AD", "Mild to Moderate AD"],
    ["mild-to-moderate AD", "Mild to Moderate AD"],
    ["MCI", "Early AD (Mild & MCI)"],
    ["Prodromal", "Early AD (Mild & MCI)"],
    ["MCI/Prodromal", "Early AD (Mild & MCI)"],
    ["MCI / Prodromal AD", "Early AD (Mild & MCI)"],
    ["Early AD", "Early AD (Mild & MCI)"],
    ["Severe AD", "Severe AD"],
    ["  Preclinical AD ", "Preclinical AD"],
  ])("normaliseSegment(%s) → %s", (value, expected) => {
    expect(normaliseSegment(value)).toBe(expected);
  });

  test.each([
    ["MCI, Mild AD", ["Early AD (Mild & MCI)", "Mild to Moderate AD"]],
    ["Mild AD, Moderate AD", ["Mild to Moderate AD"]],
    ["MCI,Prodromal", ["Early AD (Mild & MCI)"]],
    ["Severe AD\nMild AD", ["Severe AD", "Mild to Moderate AD"]],
    ["AD (mild, moderate)", ["AD (mild, moderate)"]],
    [", ,", []],
    ["", []],
  ])("segmentsOf(%j) splits, normalises, dedupes → %j", (value, expected) => {
    expect(segmentsOf(value)).toEqual(expected);
  });
});

describe("modality", () => {
  test.each([
    ["Gene Therapy", "gene-therapy"],
    ["AAV gene therapy", "gene-therapy"],
    ["Cell Therapy", "cell-therapy"],
    ["Stem Cell", "cell-therapy"],
    ["mAb", "mab"],
    ["Monoclonal antibody", "mab"],
    ["Bispecific antibody", "mab"],
    ["RNAi", "rnai-aso"],
    ["ASO", "rnai-aso"],
    ["siRNA", "rnai-aso"],
    ["Olegonucleotide", "rnai-aso"],
    ["AntagoNAT", "rnai-aso"],
    ["Small Molecule", "small-molecule"],
    ["small-molecule", "small-molecule"],
    ["Peptide", "peptide"],
    ["Vaccine", "vaccine"],
    ["Large Molecule", "unknown"],
    ["", "unknown"],
  ])("modalityIcon(%s) → %s", (value, expected) => {
    expect(modalityIcon(value)).toBe(expected);
  });

  test("rank: fixed order, unknown after vaccine, empty last", () => {
    const order = ["", "Vaccine", "Other", "Peptide", "Small Molecule", "ASO", "mAb", "Cell Therapy", "Gene Therapy"];
    const sorted = [...order].sort((a, b) => modalityRank(a) - modalityRank(b));
    expect(sorted).toEqual(["Gene Therapy", "Cell Therapy", "mAb", "ASO", "Small Molecule", "Peptide", "Vaccine", "Other", ""]);
  });
});

describe("line of therapy", () => {
  test("LOT order: Neoadjuvant, Adjuvant, 1L, 1LC, 1LM, 2L, 2LC, 2LM, 3L, 3LC, 3LM, then 4L…", () => {
    const input = ["3LM", "4L", "1LC", "Adjuvant", "2L", "1L", "3L", "2LM", "Neoadjuvant", "1LM", "2LC", "3LC"];
    const sorted = input
      .map((t) => parseLot(t)!)
      .sort((a, b) => a.rank - b.rank)
      .map((l) => l.lot);
    expect(sorted).toEqual(["Neoadjuvant", "Adjuvant", "1L", "1LC", "1LM", "2L", "2LC", "2LM", "3L", "3LC", "3LM", "4L"]);
  });

  test.each([
    ["1l", "1L"],
    ["1 L", "1L"],
    ["2lc", "2LC"],
    ["Neo-adjuvant", "Neoadjuvant"],
    ["ADJUVANT", "Adjuvant"],
  ])("parseLot(%s) → %s", (value, expected) => {
    expect(parseLot(value)?.lot).toBe(expected);
  });

  test.each([["1st line"], ["Maintenance"], ["0L"], ["L1"], [""]])("parseLot(%s) → null", (value) => {
    expect(parseLot(value)).toBeNull();
  });

  test.each([
    ["1LC", "1L"],
    ["1LM", "1L"],
    ["2LM", "2L"],
    ["3L", "3L"],
    ["Adjuvant", "Adjuvant"],
  ])("combineLot(%s) drops a trailing C or M → %s", (value, expected) => {
    expect(combineLot(value)).toBe(expected);
  });

  test("lotsOf splits and reports bad parts", () => {
    expect(lotsOf("1L, 2L").lots.map((l) => l.lot)).toEqual(["1L", "2L"]);
    expect(lotsOf("1L, later").invalid).toEqual(["later"]);
  });

  test.each([
    ["Terminated", true],
    ["terminated", true],
    ["Suspended (safety review)", true],
    ["Recruiting", false],
    ["Completed", false],
    ["", false],
  ])("isLeftBehindStatus(%s) → %s", (value, expected) => {
    expect(isLeftBehindStatus(value)).toBe(expected);
  });
});

describe("events", () => {
  test.each([
    ["Topline data, Trial Initiation/ Results", { name: "Topline data", type: "Trial Initiation/ Results", category: "other" }],
    ["PDUFA date, Regulatory/ Other Development", { name: "PDUFA date", type: "Regulatory/ Other Development", category: "development" }],
    ["EU launch, Commercial", { name: "EU launch", type: "Commercial", category: "commercial" }],
    ["AAIC, 2026, Conference", { name: "AAIC, 2026", type: "Conference", category: "conference" }],
    ["Phase 3 start", { name: "Phase 3 start", type: "Trial", category: "other" }],
    ["Readout,", { name: "Readout", type: "Trial", category: "other" }],
  ])("parseEventCell(%s): type from the last comma part, else Trial", (text, expected) => {
    expect(parseEventCell(text)).toEqual([{ text, ...expected }]);
  });

  test("one event per line; empty cells give none", () => {
    expect(parseEventCell("A, Commercial\nB").map((e) => e.type)).toEqual(["Commercial", "Trial"]);
    expect(parseEventCell("")).toEqual([]);
    expect(parseEventCell(null)).toEqual([]);
  });

  test.each([
    ["Conference", "conference"],
    ["Regulatory/ Other Development", "development"],
    ["Trial Initiation/ Results", "other"],
    ["Commercial", "commercial"],
    ["Launch", "commercial"],
    ["Approval", "development"],
    ["Trial", "other"],
    ["Something", "other"],
  ])("eventCategory(%s) → %s", (type, expected) => {
    expect(eventCategory(type)).toBe(expected);
  });

  test.each([
    ["Conference", "", true],
    ["", "Conference", true],
    ["", "conferences", true],
    ["HH", "Conference call drug", false],
    ["HH", "lecanemab", false],
  ])("isConferenceRow(%s, %s) → %s", (hml, product, expected) => {
    expect(isConferenceRow(hml, product)).toBe(expected);
  });
});

/** CIE L*a*b* of an sRGB colour "#rrggbb" (D65). */
function lab(hex: string): [number, number, number] {
  const linear = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92;
  });
  const [r, g, b] = linear as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe("legend", () => {
  test("the 15 colours are told apart: every two differ by a CIE76 ΔE of at least 20", () => {
    expect(LEGEND_PALETTE).toHaveLength(15);
    const close: string[] = [];
    LEGEND_PALETTE.forEach((a, i) =>
      LEGEND_PALETTE.slice(i + 1).forEach((b) => {
        const distance = Math.hypot(...lab(a).map((v, k) => v - lab(b)[k]!));
        if (distance < 20) close.push(`${a} ~ ${b}: ${distance.toFixed(1)}`);
      }),
    );
    expect(close).toEqual([]);
  });

  test("at most 14 entries plus Other as the 15th colour, by frequency then first appearance", () => {
    const labels = Array.from({ length: 20 }, (_, i) => `Company ${i}`);
    labels.push("Company 19", "Company 19", "Company 18");
    const { entries, indexOf } = buildLegend(labels);
    expect(entries).toHaveLength(15);
    expect(entries[0]).toMatchObject({ label: "Company 19", count: 3, colour: LEGEND_PALETTE[0] });
    expect(entries[1]).toMatchObject({ label: "Company 18", count: 2 });
    expect(entries[14]).toEqual({ label: "Other", colour: LEGEND_PALETTE[14], count: 6, isOther: true });
    expect(indexOf[19]).toBe(0);
    expect(indexOf[15]).toBe(14);
  });

  test("14 or fewer labels: no Other; case-insensitive grouping", () => {
    const { entries, indexOf } = buildLegend(["Eisai", "EISAI", "Roche"]);
    expect(entries.map((e) => [e.label, e.count])).toEqual([
      ["Eisai", 2],
      ["Roche", 1],
    ]);
    expect(indexOf).toEqual([0, 0, 1]);
    expect(buildLegend(Array.from({ length: 14 }, (_, i) => `C${i}`)).entries.some((e) => e.isOther)).toBe(false);
    expect(buildLegend(Array.from({ length: 15 }, (_, i) => `C${i}`)).entries.at(-1)).toMatchObject({ label: "Other", count: 1 });
  });
});

describe("footnotes and duplicates", () => {
  test("collectFootnotes: distinct non-empty lines over all rows", () => {
    const rows = [["a", "Note 1"], ["b", ""], ["c", "Note 1\nNote 2"], ["d"], ["e", "  Note 2 "]];
    expect(collectFootnotes(rows, [1])).toEqual(["Note 1", "Note 2"]);
    expect(collectFootnotes(rows, undefined)).toEqual([]);
    // Each row's footnotes by their numbers: what the report marks on its boxes.
    const refs: [number, number][] = [];
    collectFootnotes(rows, [1], (row, number) => refs.push([row, number]));
    expect(refs).toEqual([
      [0, 1],
      [2, 1],
      [2, 2],
      [4, 2],
    ]);
  });

  test.each([
    ["earlier", [5, 3, 4], [1, -1, 1]],
    ["later", [5, 3, 4], [-1, 0, 0]],
    ["earlier", [null, 3, null], [1, -1, 1]],
    ["later", [null, 3, null], [1, -1, 1]],
    ["earlier", [3, 3, 3], [-1, 0, 0]],
  ] as const)("resolveDuplicates keep %s of %j → %j", (keep, times, expected) => {
    expect(resolveDuplicates(["k", "k", "k"], [...times], keep)).toEqual(expected);
  });

  test("different keys never collide", () => {
    expect(resolveDuplicates(["a", "b", "a"], [1, 1, 2], "earlier")).toEqual([-1, -1, 0]);
  });
});
