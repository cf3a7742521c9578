import { describe, expect, test } from "vitest";

import { searchParamsOf } from "~/utils/registry/ctgov.server";
import { describeQuery, nctIdsIn } from "~/utils/registry/query";
import {
  ageOf,
  markdownAsHtml,
  phaseOf,
  registryDate,
  splitCriteria,
  trackedValues,
  trialStatusOf,
  trialValuesOfStudy,
  type Study,
} from "~/utils/registry/study";

import recorded from "../fixtures/ctgov/markdown-studies.json";

/** A recorded study (tests/fixtures/ctgov: ClinicalTrials.gov API v2 answers) by its NCT id. */
const studyOf = (nctId: string) =>
  trialValuesOfStudy((recorded.studies as Study[]).find((s) => s.protocolSection?.identificationModule?.nctId === nctId)!);

// The mapping of ClinicalTrials.gov v2 values onto the trial form's words, and the search a query sends.

describe("registry values", () => {
  test("statuses read as the registry's pages write them", () => {
    expect(
      ["RECRUITING", "ACTIVE_NOT_RECRUITING", "NOT_YET_RECRUITING", "ENROLLING_BY_INVITATION", "UNKNOWN", undefined].map(trialStatusOf),
    ).toEqual(["Recruiting", "Active, not recruiting", "Not yet recruiting", "Enrolling by invitation", "Unknown status", ""]);
  });

  test("phases become the app's development phases", () => {
    expect(phaseOf(["PHASE1", "PHASE2"])).toBe("Phase 1/2");
    expect(phaseOf(["PHASE3", "PHASE2"])).toBe("Phase 2/3");
    expect(phaseOf(["PHASE4"])).toBe("Phase 4");
    expect(phaseOf(["EARLY_PHASE1"])).toBe("Phase 1");
    expect(phaseOf(["NA"])).toBe("Others");
    expect(phaseOf([])).toBe("");
  });

  test("a month-only date is the 1st of its month, a year-only one 1 January; anything else none", () => {
    expect(registryDate("2027-06")?.toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect(registryDate("2027")?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(registryDate("2027-06-15")?.toISOString()).toBe("2027-06-15T00:00:00.000Z");
    expect(registryDate("June 2027")).toBeNull();
    expect(registryDate(undefined)).toBeNull();
  });

  test("ages, criteria and the tracked values as the change log writes them", () => {
    expect(ageOf("18 Years")).toEqual({ age: 18, units: "Years" });
    expect(ageOf("1 Month")).toEqual({ age: 1, units: "Months" });
    expect(ageOf("N/A")).toEqual({});
    expect(splitCriteria("Inclusion Criteria:\n- adults\n\nExclusion criteria:\n- pregnancy")).toEqual({
      inclusion: "- adults",
      exclusion: "- pregnancy",
    });
    expect(splitCriteria("Adults with AD")).toEqual({ inclusion: "Adults with AD", exclusion: "" });
    // Kept as the form's rich text: Markdown rendered, then sanitised; text that looks like HTML stays text.
    expect(markdownAsHtml("* age < 65 & MMSE 20-26\n* amyloid PET+\n\n<script>x</script><b onclick=x>b</b>")).toBe(
      "<ul>\n<li>age &lt; 65 &amp; MMSE 20-26</li>\n<li>amyloid PET+</li>\n</ul>\n<b>b</b>",
    );
    expect(
      trackedValues({
        trialStatus: "Recruiting",
        primaryCompletionDate: new Date("2027-06-01T00:00:00Z"),
        enrollment: [{ enrollmentNumber: 120, enrollmentType: "Anticipated" }],
        phase: "Phase 3",
      }),
    ).toEqual({
      trialStatus: "Recruiting",
      primaryCompletionDate: "2027-06-01",
      enrollment: "120 (Anticipated)",
      phase: "Phase 3",
    });
  });

  test("a query's search parameters; NCT ids as typed", () => {
    const search = searchParamsOf(
      { ids: [], condition: "Alzheimer", sponsor: "Eisai", intervention: "lecanemab", phase: "PHASE3" },
      "2026-11-20",
    );
    expect(Object.fromEntries(search)).toEqual({
      format: "json",
      "query.cond": "Alzheimer",
      "query.spons": "Eisai",
      "query.intr": "lecanemab",
      "filter.advanced": "AREA[Phase]PHASE3 AND AREA[LastUpdatePostDate]RANGE[2026-11-20,MAX]",
      pageSize: "200",
      countTotal: "true",
    });
    expect(nctIdsIn(" nct01767311,NCT04437511;\nNCT01767311 ")).toEqual(["NCT01767311", "NCT04437511"]);
    expect(describeQuery({ ids: [], condition: "Alzheimer", phase: "PHASE2" })).toBe('Search: condition "Alzheimer", phase Phase 2');
  });

  test("recorded Markdown: escapes and bullets rendered as lists in the criteria, undone in arms and endpoints", () => {
    const ahead = studyOf("NCT05108922");
    // A blank line before the nested list makes it a loose list (items in paragraphs), as the registry's pages show it.
    expect(ahead.inclusionCriteria).toContain("<li><p>Mini Mental State Examination (MMSE) score &gt;=27</p>");
    expect(ahead.inclusionCriteria).toMatch(
      /<li><p>Participants who are 55 to 64 years must have at least one of the following:<\/p>\s*<ul>\s*<li>First degree/,
    );
    expect(ahead.exclusionCriteria).toContain("<li>Body mass index (BMI) &gt;35 or &lt;17.5 kg/m^2</li>");
    for (const html of [ahead.inclusionCriteria, ahead.exclusionCriteria]) expect(html).not.toMatch(/\\|\* /);
    expect(ahead.trialArms[0]!.armsDetails).toBe(
      "A45 Trial: Lecanemab (Experimental): Participants with elevated amyloid (>40 CL) will receive lecanemab 10 mg/kg IV every 2 weeks.",
    );
    expect(ahead.primaryEndpoints[0]!.endpoints[0]!.primaryEndpoint).toBe(
      "PACC5 is a composite score >= 5 components; a negative change indicates worsening.",
    );
    expect(studyOf("NCT04468659").trialArms[0]!.armsDetails).toBe(
      "Focused ultrasound (Experimental): Participants undergo:\n\n• FUS BBB opening with Exablate\n• Aerobic exercise, 3 sessions a week",
    );
  });

  test("recorded heading variants: exclusions never land in inclusion", () => {
    const split = (nctId: string) => {
      const s = studyOf(nctId);
      return [s.inclusionCriteria, s.exclusionCriteria];
    };
    // "Key Inclusion Criteria:" / "Key Exclusion Criteria:"
    const [aheadIn, aheadEx] = split("NCT05108922");
    expect(aheadIn).not.toMatch(/Key|neurological condition/);
    expect(aheadEx).toMatch(/^<ul>\s*<li>Any neurological condition/);
    expect(aheadEx).toContain("Note: Other protocol-defined Inclusion/Exclusion Criteria may apply.");
    // "INCLUSION CRITERIA:" / "EXCLUSION CRITERIA:" with numbered lists
    expect(split("NCT04468659")).toEqual([
      "<ol>\n<li>Men and women age 50-85</li>\n<li>Mild cognitive impairment or mild Alzheimer's disease</li>\n</ol>",
      "<ol>\n<li>MRI contraindications (e.g. pacemaker)</li>\n<li>Active seizure disorder</li>\n</ol>",
    ]);
    // "Inclusion:" / "Exclusion:"
    const [evokeIn, evokeEx] = split("NCT05026866");
    expect(evokeIn).not.toMatch(/Inclusion|neurological condition|HbA1c/);
    expect(evokeEx).toContain("<li>HbA1c &gt;= 6.5% (48 mmol/mol)</li>");
    // "Inclusion criteria" / "Exclusion criteria" without colons
    expect(split("NCT03887455")).toEqual([
      "<ul>\n<li>Diagnosis of early Alzheimer's disease</li>\n</ul>",
      "<ul>\n<li>Prior anti-amyloid therapy</li>\n</ul>",
    ]);
    // A heading with content after its colon, bold headings; a sentence that starts with "Exclusion" is not a heading.
    expect(
      splitCriteria(
        "**Inclusion Criteria:** adults\nExclusion of smokers is not planned.\n**Exclusion Criteria for Part B:**\n- pregnancy",
      ),
    ).toEqual({
      inclusion: "adults\nExclusion of smokers is not planned.",
      exclusion: "- pregnancy",
    });
  });

  test("interventions by type: drugs and biologicals are drugs; placebo and sham the comparator; the rest named by kind", () => {
    const pick = ({ primaryDrugs, otherDrugs, comparator, diagnosticTest, treatmentPlan }: ReturnType<typeof studyOf>) => ({
      primaryDrugs,
      otherDrugs,
      comparator,
      diagnosticTest,
      treatmentPlan,
    });
    expect(pick(studyOf("NCT05108922"))).toEqual({
      primaryDrugs: "Lecanemab",
      otherDrugs: [],
      comparator: "Placebo",
      diagnosticTest: "Amyloid PET",
      treatmentPlan: undefined,
    });
    expect(pick(studyOf("NCT04468659"))).toEqual({
      primaryDrugs: "",
      otherDrugs: [],
      comparator: "Sham focused ultrasound",
      diagnosticTest: undefined,
      treatmentPlan:
        "Device: Exablate Model 4000 Type 2.0\nBehavioral: Aerobic exercise\nDietary supplement: Omega-3 fatty acids\nProcedure: Lumbar puncture",
    });
    expect(pick(studyOf("NCT05026866"))).toMatchObject({
      primaryDrugs: "Semaglutide",
      otherDrugs: ["Donepezil"],
      comparator: "Placebo (semaglutide)",
    });
    expect(pick(studyOf("NCT03887455"))).toMatchObject({ primaryDrugs: "Lecanemab", otherDrugs: [] });
  });
});
