import { describe, expect, test } from "vitest";

import { searchParamsOf } from "~/utils/registry/ctgov.server";
import { describeQuery, nctIdsIn } from "~/utils/registry/query";
import { ageOf, phaseOf, registryDate, splitCriteria, textAsHtml, trackedValues, trialStatusOf } from "~/utils/registry/study";

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
    // Kept as the form's rich text: escaped, paragraphs and lines kept.
    expect(textAsHtml("* age < 65 & MMSE 20-26\n* amyloid PET+\n\n<script>x</script>")).toBe(
      "<p>* age &lt; 65 &amp; MMSE 20-26<br>* amyloid PET+</p><p>&lt;script&gt;x&lt;/script&gt;</p>",
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
});
