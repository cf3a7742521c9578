import { d, monthEnd, type SheetRowSeed } from "./columns";

// Alzheimer's disease: phase board (report 1), timelines (report 2) and event calendar. Public facts as of late
// 2025 (approvals, sponsors, registry ids, readouts); upcoming events are placed relative to the seed date and
// are illustrative. Rows marked "edge:" exist to exercise a report rule (duplicates, comma-separated and
// multi-segment rows, filed variants, YYYY+ launches, bad dates, other priorities, TAK ASSET, Conference row).

const AD = "Alzheimer's disease";
const EARLY = "Early AD (Mild & MCI)";

export const ALZHEIMERS_ROWS: SheetRowSeed[] = [
  {
    hml: "HH", phase: "Marketed", product: "Leqembi (lecanemab)", moa: "Anti-amyloid beta protofibril mAb", company: "Eisai / Biogen",
    segment: EARLY, condition: AD, launch: d(2023, 1, 6), launchCountry: "US",
    assumptions: "Accelerated approval Jan 2023, traditional approval Jul 2023; IV every 2 weeks, then every 4 weeks maintenance",
    roa: "IV", us: "Approved (Jul 2023)", eu: "Approved (Apr 2025)", japan: "Approved (Sep 2023)", row: "China (2024), UK (2024)",
    modality: "mAbs", events: { 1: "CLARITY AD open-label extension 4-year data, Trial", 4: "AAIC: real-world ARIA data, Conference" },
    fn1: { richText: [{ text: "ARIA-E 12.6% in CLARITY AD; ", font: { bold: true } }, { text: "MRI monitoring required" }] },
    regimen: "Lecanemab 10 mg/kg IV every 2 weeks", trial: "CLARITY AD", nct: "NCT03887455", sponsor: "Eisai", cls: "Anti-amyloid mAb",
    trialPhase: "Phase III", pcd: monthEnd("2022-09"), estBio: "Amyloid PET / CSF Aβ", expBio: "Plasma p-tau217", focus: "Early AD", recruit: "Completed",
  },
  {
    hml: "HH", phase: "Approved", product: "Leqembi Iqlik (lecanemab SC)", moa: "Anti-amyloid beta protofibril mAb", company: "Eisai / Biogen",
    segment: EARLY, condition: AD, launch: d(2025, 8, 29), launchCountry: "US", assumptions: "Weekly subcutaneous autoinjector for maintenance dosing",
    roa: "SC", us: "Approved (Aug 2025)", eu: "-", japan: "-", row: "-", modality: "mAbs",
    events: { 2: "sBLA for SC initiation dosing, Regulatory" }, focus: "Early AD",
  },
  {
    hml: "HH", phase: "Approved", product: "Kisunla (donanemab)", moa: "Anti-N3pG amyloid plaque mAb", company: "Eli Lilly",
    segment: EARLY, condition: AD, launch: d(2024, 7, 2), launchCountry: "US", assumptions: "Fixed-duration dosing until plaque clearance; modified titration label (2025)",
    roa: "IV", us: "Approved (Jul 2024)", eu: "Approved (Sep 2025)", japan: "Approved (Sep 2024)", row: "China (2024), UK (2024)", modality: "mAbs",
    events: { 0: "EU launch roll-out, Commercial" },
    regimen: "Donanemab 1400 mg IV every 4 weeks", trial: "TRAILBLAZER-ALZ 2", nct: "NCT04437511", sponsor: "Eli Lilly", cls: "Anti-amyloid mAb",
    trialPhase: "Phase III", pcd: monthEnd("2023-04"), estBio: "Amyloid PET; tau PET", expBio: "Plasma p-tau217", focus: "Early AD", recruit: "Completed",
  },
  // edge: duplicate (same product, company, condition, segment) with a later launch
  {
    hml: "HH", phase: "Approved", product: "Kisunla (donanemab)", moa: "Anti-N3pG amyloid plaque mAb", company: "Eli Lilly",
    segment: EARLY, condition: AD, launch: d(2025, 9, 25), launchCountry: "EU", assumptions: "EU approval for ApoE4 non-carriers and heterozygotes",
    roa: "IV", us: "Approved (Jul 2024)", eu: "Approved (Sep 2025)", japan: "Approved (Sep 2024)", row: "-", modality: "mAbs",
  },
  {
    hml: "HH", phase: "Phase III", product: "Kisunla (donanemab)", moa: "Anti-N3pG amyloid plaque mAb", company: "Eli Lilly",
    segment: "Preclinical AD", condition: AD, launch: "2027+", launchCountry: "US", assumptions: "Prevention label if TRAILBLAZER-ALZ 3 positive",
    roa: "IV", modality: "mAbs", events: { 3: "TRAILBLAZER-ALZ 3 topline, Trial" },
    regimen: "Donanemab IV every 4 weeks", trial: "TRAILBLAZER-ALZ 3", nct: "NCT05026866", sponsor: "Eli Lilly", cls: "Anti-amyloid mAb",
    trialPhase: "Phase III", pcd: monthEnd("2027-11"), estBio: "Plasma p-tau217", focus: "Preclinical AD", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Phase III", product: "remternetug", moa: "Anti-N3pG amyloid plaque mAb", company: "Eli Lilly",
    segment: EARLY, condition: AD, launch: "2027+", launchCountry: "US", assumptions: "Subcutaneous option; amyloid clearance primary endpoint",
    roa: "IV / SC", modality: "mAbs", events: { 5: "TRAILRUNNER-ALZ 1 results, Trial" },
    regimen: "Remternetug SC", trial: "TRAILRUNNER-ALZ 1", nct: "NCT05463731", sponsor: "Eli Lilly", cls: "Anti-amyloid mAb",
    trialPhase: "Phase III", pcd: monthEnd("2026-03"), estBio: "Amyloid PET", focus: "Early AD", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", isNew: true, phase: "Phase III", product: "trontinemab", moa: "Brainshuttle anti-amyloid beta mAb (TfR1)", company: "Roche",
    segment: EARLY, condition: AD, launch: { formula: "DATE(2028,12,31)", result: d(2028, 12, 31) }, launchCountry: "US",
    assumptions: "Low ARIA rates in Phase Ib/IIa Brainshuttle AD; Phase III TRONTIER 1 and 2 started 2025", roa: "IV", modality: "mAbs",
    events: { 1: "TRONTIER enrolment update, Trial" },
    regimen: "Trontinemab IV every 4 weeks", trial: "TRONTIER 1", nct: "NCT07169578", sponsor: "Roche", cls: "Anti-amyloid mAb (brain shuttle)",
    trialPhase: "Phase III", pcd: monthEnd("2028-06"), estBio: "Amyloid PET", expBio: "Plasma p-tau217", focus: "Early AD", recruit: "Recruiting",
  },
  {
    hml: "Medium", phase: "Filed", product: "blarcamesine", moa: "Sigma-1 receptor agonist", company: "Anavex Life Sciences",
    segment: EARLY, condition: AD, launch: "TBD", launchCountry: "EU", assumptions: "EU marketing authorisation application under review",
    roa: "Oral", eu: "MAA filed", modality: "Small Molecules", events: { 2: "CHMP opinion, Regulatory" },
    fn1: "Launch date not set (edge: bad date)",
    regimen: "Blarcamesine 30/50 mg oral daily", trial: "ANAVEX2-73-AD-004", nct: "NCT03790709", sponsor: "Anavex Life Sciences", cls: "Sigma-1 agonist",
    trialPhase: "Phase IIb/III", pcd: monthEnd("2022-07"), focus: "Early AD", recruit: "Completed",
  },
  // edge: comma-separated segments (split into two rows, both normalised to Mild to Moderate AD)
  {
    hml: "Medium", phase: "Phase III", product: "buntanetap", moa: "Translational inhibitor of neurotoxic aggregating proteins", company: "Annovis Bio",
    segment: "Mild AD, Moderate AD", condition: AD, launch: "2028+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    events: { 4: "6-month symptomatic readout, Trial" },
    regimen: "Buntanetap 30 mg oral daily", trial: "Buntanetap Phase 3 in early AD", nct: "NCT06709508", sponsor: "Annovis Bio", cls: "Translation inhibitor",
    trialPhase: "Phase III", pcd: monthEnd("2026-09"), focus: "Mild to moderate AD", recruit: "Recruiting",
  },
  // edge: MCI/Prodromal is normalised to Early AD (Mild & MCI)
  {
    hml: "Medium", phase: "Phase III", product: "valiltramiprosate (ALZ-801)", moa: "Amyloid beta oligomer formation inhibitor", company: "Alzheon",
    segment: "MCI/Prodromal", condition: AD, launch: "2027+", launchCountry: "US", assumptions: "APOE4/4 homozygotes; filing strategy based on MCI subgroup",
    roa: "Oral", modality: "Small Molecules", fn1: "APOLLOE4 missed its primary endpoint overall; benefit reported in the MCI subgroup",
    regimen: "ALZ-801 265 mg oral twice daily", trial: "APOLLOE4", nct: "NCT04770220", sponsor: "Alzheon", cls: "Anti-oligomer small molecule",
    trialPhase: "Phase III", pcd: monthEnd("2024-05"), estBio: "APOE4/4 genotype", focus: "Early AD", recruit: "Completed",
  },
  {
    hml: "Medium", phase: "Phase III", product: "semaglutide (oral)", moa: "GLP-1 receptor agonist", company: "Novo Nordisk",
    segment: EARLY, condition: AD, launch: "Discontinued", launchCountry: "US", roa: "Oral", modality: "Peptide",
    fn1: "EVOKE and EVOKE+ did not slow disease progression (Nov 2025)",
    regimen: "Oral semaglutide 14 mg daily", trial: "EVOKE", nct: "NCT04777396", sponsor: "Novo Nordisk", cls: "GLP-1 RA",
    trialPhase: "Phase III", pcd: monthEnd("2025-09"), estBio: "Amyloid positivity", focus: "Early AD", recruit: "Completed",
  },
  {
    hml: "Low", phase: "Phase III", product: "masitinib", moa: "Tyrosine kinase inhibitor (mast cells, microglia)", company: "AB Science",
    segment: "Mild to Moderate AD", condition: AD, launch: "2029+", launchCountry: "EU", roa: "Oral", modality: "Small Molecules",
    regimen: "Masitinib 4.5 mg/kg/day + cholinesterase inhibitor or memantine", trial: "AB21004", nct: "NCT05564169", sponsor: "AB Science",
    cls: "Tyrosine kinase inhibitor", trialPhase: "Phase III", pcd: monthEnd("2027-06"), focus: "Mild to moderate AD", recruit: "Recruiting",
  },
  {
    hml: "Medium", phase: "Phase III", product: "AR1001 (mirodenafil)", moa: "PDE5 inhibitor", company: "AriBio",
    segment: EARLY, condition: AD, launch: "2027+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    events: { 5: "POLARIS-AD topline, Trial" }, trial: "POLARIS-AD", sponsor: "AriBio", cls: "PDE5 inhibitor", trialPhase: "Phase III",
    focus: "Early AD", recruit: "Active, not recruiting",
  },
  // edge: priority other than HH / Medium / Low
  {
    hml: "High", phase: "Phase II", product: "BIIB080", moa: "MAPT-targeting antisense oligonucleotide", company: "Biogen / Ionis",
    segment: EARLY, condition: AD, launch: "2030+", launchCountry: "US", roa: "Intrathecal", modality: "RNAi/ASO",
    events: { 3: "CELIA Phase II readout, Trial" },
    regimen: "BIIB080 intrathecal", trial: "CELIA", nct: "NCT05399888", sponsor: "Biogen", cls: "Tau ASO", trialPhase: "Phase II",
    pcd: monthEnd("2026-04"), estBio: "Tau PET", focus: "Early AD", recruit: "Active, not recruiting",
  },
  // edge: the client's own asset
  {
    hml: "TAK ASSET", phase: "Phase II", product: "TAK-071", moa: "M1 muscarinic receptor positive allosteric modulator", company: "Takeda",
    segment: "Mild to Moderate AD", condition: AD, launch: "2030+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    fn1: "Client asset: illustrative positioning",
  },
  // edge: filed variant (sNDA) in a different segment
  {
    hml: "Medium", phase: "sNDA", product: "Auvelity (AXS-05)", moa: "NMDA receptor antagonist and sigma-1 agonist (dextromethorphan-bupropion)",
    company: "Axsome Therapeutics", segment: "Agitation in AD", condition: AD, launch: "2026+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    events: { 4: "FDA decision on AD agitation sNDA, Regulatory" }, focus: "Agitation in AD",
  },
  {
    hml: "Low", phase: "Marketed", product: "Rexulti (brexpiprazole)", moa: "Dopamine D2 partial agonist / 5-HT1A partial agonist", company: "Otsuka / Lundbeck",
    segment: "Agitation in AD", condition: AD, launch: d(2023, 5, 10), launchCountry: "US", roa: "Oral", us: "Approved (May 2023)", modality: "Small Molecules",
  },
  {
    hml: "Low", phase: "Phase II", product: "ACI-24.060", moa: "Anti-amyloid beta active immunotherapy", company: "AC Immune / Takeda",
    segment: EARLY, condition: AD, launch: "2031+", roa: "IM", modality: "Vaccine", trial: "ABATE", sponsor: "AC Immune", cls: "Anti-amyloid vaccine",
    trialPhase: "Phase Ib/II", focus: "Early AD", recruit: "Active, not recruiting",
  },
  // edge: identical apart from segment (merged into one multi-segment row)
  {
    hml: "Medium", phase: "Phase II", product: "posdinemab", moa: "Anti-phospho-tau mAb", company: "Johnson & Johnson",
    segment: EARLY, condition: AD, launch: "2030+", launchCountry: "US", roa: "IV", modality: "mAbs",
  },
  {
    hml: "Medium", phase: "Phase II", product: "posdinemab", moa: "Anti-phospho-tau mAb", company: "Johnson & Johnson",
    segment: "Preclinical AD", condition: AD, launch: "2030+", launchCountry: "US", roa: "IV", modality: "mAbs",
  },
  // edge: a launch date that is not a date
  {
    hml: "Medium", phase: "Phase II", product: "etalanetug (E2814)", moa: "Anti-MTBR tau mAb", company: "Eisai",
    segment: EARLY, condition: AD, launch: "Q5 2029", launchCountry: "US", roa: "IV", modality: "mAbs",
  },
  {
    hml: "Low", phase: "Phase I", product: "PRX012", moa: "Anti-amyloid beta mAb (subcutaneous)", company: "Prothena",
    segment: EARLY, condition: AD, launch: "2031+", roa: "SC", modality: "mAbs",
  },
  {
    hml: "Low", phase: "Pre-clinical", product: "Anti-tau brain-shuttle program", moa: "Transport-vehicle enabled anti-tau", company: "Denali Therapeutics",
    segment: EARLY, condition: AD, launch: "2032+", modality: "Unknown",
  },
  {
    hml: "Medium", phase: "Filed", product: "hydromethylthionine mesylate (HMTM)", moa: "Tau aggregation inhibitor", company: "TauRx",
    segment: "Mild to Moderate AD", condition: AD, launch: "31/02/2026", launchCountry: "UK", eu: "-", row: "UK MAA filed", roa: "Oral", modality: "Small Molecules",
  },
  // edge: an unrecognised phase (goes to invalid records)
  {
    hml: "Low", phase: "Discontinued", product: "gantenerumab", moa: "Anti-amyloid beta mAb", company: "Roche",
    segment: EARLY, condition: AD, launch: "-", roa: "SC", modality: "Dormant", trial: "GRADUATE I", nct: "NCT03444870", sponsor: "Roche", trialPhase: "Phase III",
    pcd: monthEnd("2022-11"), recruit: "Completed",
  },
];
