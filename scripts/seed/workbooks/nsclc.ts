import { d, monthEnd, type SheetRowSeed } from "./columns";

// Non-small-cell lung cancer: line-of-therapy landscape (report type 2) plus the phase board. Registry ids,
// sponsors and approvals are public facts as of late 2025; upcoming events are relative to the seed date.
// Edge rows: missing LOT, Terminated / Suspended trials, a CRL, LOT variants (Neoadjuvant … 3LM).

const C = "NSCLC";

export const NSCLC_ROWS: SheetRowSeed[] = [
  {
    hml: "HH", phase: "Approved", product: "Tagrisso (osimertinib)", moa: "Third-generation EGFR TKI", company: "AstraZeneca",
    segment: "EGFRm NSCLC", condition: C, launch: d(2024, 2, 16), launchCountry: "US", assumptions: "1L combination with platinum-pemetrexed",
    roa: "Oral", us: "Approved (Feb 2024)", eu: "Approved (2024)", japan: "Approved (2024)", modality: "Small Molecules",
    regimen: "Osimertinib + pemetrexed + platinum", trial: "FLAURA2", nct: "NCT04035486", sponsor: "AstraZeneca", lot: "1LM",
    cls: "EGFR TKI + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2023-04"), estBio: "EGFR Ex19del / L858R", expBio: "ctDNA EGFR clearance",
    focus: "EGFRm", recruit: "Active, not recruiting", events: { 2: "FLAURA2 final OS presentation, Trial" },
  },
  {
    hml: "HH", phase: "Approved", product: "Tagrisso (osimertinib)", moa: "Third-generation EGFR TKI", company: "AstraZeneca",
    segment: "Resected EGFRm NSCLC", condition: C, launch: d(2020, 12, 18), launchCountry: "US", roa: "Oral", us: "Approved (Dec 2020)", modality: "Small Molecules",
    regimen: "Osimertinib adjuvant (3 years)", trial: "ADAURA", nct: "NCT02511106", sponsor: "AstraZeneca", lot: "Adjuvant", cls: "EGFR TKI",
    trialPhase: "Phase III", pcd: monthEnd("2020-01"), estBio: "EGFR Ex19del / L858R", focus: "Early-stage", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Approved", product: "Tagrisso (osimertinib)", moa: "Third-generation EGFR TKI", company: "AstraZeneca",
    segment: "Unresectable stage III EGFRm NSCLC", condition: C, launch: d(2024, 9, 25), launchCountry: "US", roa: "Oral", us: "Approved (Sep 2024)", modality: "Small Molecules",
    regimen: "Osimertinib after chemoradiation", trial: "LAURA", nct: "NCT03521154", sponsor: "AstraZeneca", lot: "1LC", cls: "EGFR TKI",
    trialPhase: "Phase III", pcd: monthEnd("2024-01"), estBio: "EGFR Ex19del / L858R", focus: "Stage III", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Approved", product: "Rybrevant + Lazcluze (amivantamab + lazertinib)", moa: "EGFR-MET bispecific mAb + third-generation EGFR TKI",
    company: "Johnson & Johnson", segment: "EGFRm NSCLC", condition: C, launch: d(2024, 8, 19), launchCountry: "US", roa: "IV + Oral",
    us: "Approved (Aug 2024)", eu: "Approved (2025)", modality: "mAbs", events: { 1: "MARIPOSA OS update, Trial", 4: "SC amivantamab FDA decision, Regulatory" },
    regimen: "Amivantamab + lazertinib", trial: "MARIPOSA", nct: "NCT04487080", sponsor: "Johnson & Johnson", lot: "1LM", cls: "EGFR-MET bispecific + EGFR TKI",
    trialPhase: "Phase III", pcd: monthEnd("2023-08"), estBio: "EGFR Ex19del / L858R", focus: "EGFRm", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Approved", product: "Rybrevant (amivantamab)", moa: "EGFR-MET bispecific mAb", company: "Johnson & Johnson",
    segment: "EGFRm NSCLC", condition: C, launch: d(2024, 9, 19), launchCountry: "US", roa: "IV", us: "Approved (Sep 2024)", modality: "mAbs",
    regimen: "Amivantamab + carboplatin-pemetrexed", trial: "MARIPOSA-2", nct: "NCT04988295", sponsor: "Johnson & Johnson", lot: "2LM",
    cls: "EGFR-MET bispecific + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2023-07"), estBio: "EGFR Ex19del / L858R", focus: "EGFRm post-osimertinib",
    recruit: "Active, not recruiting",
  },
  {
    hml: "Medium", phase: "Approved", product: "Rybrevant (amivantamab)", moa: "EGFR-MET bispecific mAb", company: "Johnson & Johnson",
    segment: "EGFR Ex20ins NSCLC", condition: C, launch: d(2024, 3, 1), launchCountry: "US", roa: "IV", us: "Approved (Mar 2024)", modality: "mAbs",
    regimen: "Amivantamab + carboplatin-pemetrexed", trial: "PAPILLON", nct: "NCT04538664", sponsor: "Johnson & Johnson", lot: "1LM",
    cls: "EGFR-MET bispecific + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2023-05"), estBio: "EGFR exon 20 insertion", focus: "Ex20ins", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Marketed", product: "Keytruda (pembrolizumab)", moa: "Anti-PD-1 mAb", company: "Merck & Co.",
    segment: "Non-squamous NSCLC", condition: C, launch: d(2018, 8, 20), launchCountry: "US", roa: "IV", us: "Approved (Aug 2018)", modality: "mAbs",
    events: { 3: "Keytruda Qlex (SC) launch, Commercial" },
    regimen: "Pembrolizumab + pemetrexed + platinum", trial: "KEYNOTE-189", nct: "NCT02578680", sponsor: "Merck & Co.", lot: "1LM", cls: "PD-1 + chemotherapy",
    trialPhase: "Phase III", pcd: monthEnd("2017-11"), estBio: "PD-L1 (all comers)", expBio: "TMB", focus: "Non-squamous", recruit: "Completed",
  },
  {
    hml: "HH", phase: "Marketed", product: "Keytruda (pembrolizumab)", moa: "Anti-PD-1 mAb", company: "Merck & Co.",
    segment: "Squamous NSCLC", condition: C, launch: d(2018, 10, 30), launchCountry: "US", roa: "IV", us: "Approved (Oct 2018)", modality: "mAbs",
    regimen: "Pembrolizumab + carboplatin + (nab-)paclitaxel", trial: "KEYNOTE-407", nct: "NCT02775435", sponsor: "Merck & Co.", lot: "1LM", cls: "PD-1 + chemotherapy",
    trialPhase: "Phase III", pcd: monthEnd("2018-04"), estBio: "PD-L1 (all comers)", focus: "Squamous", recruit: "Completed",
  },
  {
    hml: "HH", phase: "Approved", product: "Keytruda (pembrolizumab)", moa: "Anti-PD-1 mAb", company: "Merck & Co.",
    segment: "Resectable NSCLC", condition: C, launch: d(2023, 10, 16), launchCountry: "US", roa: "IV", us: "Approved (Oct 2023)", modality: "mAbs",
    regimen: "Perioperative pembrolizumab + platinum chemotherapy", trial: "KEYNOTE-671", nct: "NCT03425643", sponsor: "Merck & Co.", lot: "Neoadjuvant",
    cls: "PD-1 + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2022-07"), estBio: "PD-L1", focus: "Perioperative", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Approved", product: "Opdivo (nivolumab)", moa: "Anti-PD-1 mAb", company: "Bristol Myers Squibb",
    segment: "Resectable NSCLC", condition: C, launch: d(2022, 3, 4), launchCountry: "US", roa: "IV", us: "Approved (Mar 2022)", modality: "mAbs",
    regimen: "Nivolumab + platinum doublet (neoadjuvant)", trial: "CheckMate-816", nct: "NCT02998528", sponsor: "Bristol Myers Squibb", lot: "Neoadjuvant",
    cls: "PD-1 + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2021-06"), estBio: "PD-L1", expBio: "ctDNA clearance", focus: "Neoadjuvant", recruit: "Active, not recruiting",
  },
  {
    hml: "Medium", phase: "Approved", product: "Opdivo (nivolumab)", moa: "Anti-PD-1 mAb", company: "Bristol Myers Squibb",
    segment: "Resectable NSCLC, Stage III NSCLC", condition: C, launch: d(2024, 10, 3), launchCountry: "US", roa: "IV", us: "Approved (Oct 2024)", modality: "mAbs",
    regimen: "Perioperative nivolumab + chemotherapy", trial: "CheckMate-77T", nct: "NCT04025879", sponsor: "Bristol Myers Squibb", lot: "Neoadjuvant",
    cls: "PD-1 + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2023-09"), focus: "Perioperative", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Approved", product: "Imfinzi (durvalumab)", moa: "Anti-PD-L1 mAb", company: "AstraZeneca",
    segment: "Resectable NSCLC", condition: C, launch: d(2024, 8, 15), launchCountry: "US", roa: "IV", us: "Approved (Aug 2024)", modality: "mAbs",
    regimen: "Perioperative durvalumab + chemotherapy", trial: "AEGEAN", nct: "NCT03800134", sponsor: "AstraZeneca", lot: "Neoadjuvant",
    cls: "PD-L1 + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2022-11"), estBio: "EGFR/ALK wild-type", focus: "Perioperative", recruit: "Active, not recruiting",
  },
  {
    hml: "Medium", phase: "Marketed", product: "Imfinzi (durvalumab)", moa: "Anti-PD-L1 mAb", company: "AstraZeneca",
    segment: "Unresectable stage III NSCLC", condition: C, launch: d(2018, 2, 16), launchCountry: "US", roa: "IV", us: "Approved (Feb 2018)", modality: "mAbs",
    regimen: "Durvalumab consolidation after chemoradiation", trial: "PACIFIC", nct: "NCT02125461", sponsor: "AstraZeneca", lot: "1LC",
    cls: "PD-L1", trialPhase: "Phase III", pcd: monthEnd("2017-02"), focus: "Stage III", recruit: "Completed",
  },
  {
    hml: "Medium", phase: "Approved", product: "Alecensa (alectinib)", moa: "ALK TKI", company: "Roche",
    segment: "Resected ALK+ NSCLC", condition: C, launch: d(2024, 4, 18), launchCountry: "US", roa: "Oral", us: "Approved (Apr 2024)", modality: "Small Molecules",
    regimen: "Alectinib adjuvant (2 years)", trial: "ALINA", nct: "NCT03456076", sponsor: "Roche", lot: "Adjuvant", cls: "ALK TKI",
    trialPhase: "Phase III", pcd: monthEnd("2023-06"), estBio: "ALK rearrangement", focus: "Early-stage", recruit: "Active, not recruiting",
  },
  {
    hml: "Medium", phase: "Marketed", product: "Lorbrena (lorlatinib)", moa: "Third-generation ALK TKI", company: "Pfizer",
    segment: "ALK+ NSCLC", condition: C, launch: d(2021, 3, 3), launchCountry: "US", roa: "Oral", us: "Approved (Mar 2021)", modality: "Small Molecules",
    regimen: "Lorlatinib", trial: "CROWN", nct: "NCT03052608", sponsor: "Pfizer", lot: "1LM", cls: "ALK TKI", trialPhase: "Phase III",
    pcd: monthEnd("2020-03"), estBio: "ALK rearrangement", focus: "ALK+", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", isNew: true, phase: "Approved", product: "Datroway (datopotamab deruxtecan)", moa: "TROP2-directed antibody-drug conjugate",
    company: "Daiichi Sankyo / AstraZeneca", segment: "EGFRm NSCLC", condition: C, launch: d(2025, 6, 23), launchCountry: "US",
    assumptions: "Accelerated approval in previously treated EGFRm NSCLC; non-squamous BLA withdrawn", roa: "IV", us: "Approved (Jun 2025)", modality: "mAbs",
    regimen: "Datopotamab deruxtecan", trial: "TROPION-Lung01", nct: "NCT04656652", sponsor: "Daiichi Sankyo", lot: "2LM", cls: "TROP2 ADC",
    trialPhase: "Phase III", pcd: monthEnd("2023-03"), expBio: "TROP2 QCS-NMR", focus: "Non-squamous", recruit: "Completed",
    events: { 2: "TROPION-Lung07/08 1L readouts, Trial" },
  },
  {
    hml: "HH", isNew: true, phase: "Phase III", product: "ivonescimab", moa: "PD-1 x VEGF bispecific antibody", company: "Akeso / Summit Therapeutics",
    segment: "PD-L1+ NSCLC", condition: C, launch: "2027+", launchCountry: "US", assumptions: "Approved in China (2025); US filing depends on HARMONi-3",
    roa: "IV", row: "China (approved 2025)", modality: "mAbs", events: { 0: "HARMONi-3 enrolment completion, Trial" }, beyond: "HARMONi-3 topline, Trial",
    regimen: "Ivonescimab vs pembrolizumab", trial: "HARMONi-2", nct: "NCT05499390", sponsor: "Akeso", lot: "1LM", cls: "PD-1/VEGF bispecific",
    trialPhase: "Phase III", pcd: monthEnd("2024-02"), estBio: "PD-L1 TPS ≥1%", focus: "PD-L1+", recruit: "Completed",
  },
  {
    hml: "HH", phase: "Phase III", product: "ivonescimab", moa: "PD-1 x VEGF bispecific antibody", company: "Summit Therapeutics",
    segment: "Squamous NSCLC, Non-squamous NSCLC", condition: C, launch: "2027+", launchCountry: "US", roa: "IV", modality: "mAbs",
    regimen: "Ivonescimab + chemotherapy vs pembrolizumab + chemotherapy", trial: "HARMONi-3", nct: "NCT05899608", sponsor: "Summit Therapeutics", lot: "1LM",
    cls: "PD-1/VEGF bispecific + chemotherapy", trialPhase: "Phase III", pcd: monthEnd("2027-06"), focus: "All-comers", recruit: "Recruiting",
  },
  {
    hml: "Medium", phase: "Approved", product: "Lumakras (sotorasib)", moa: "KRAS G12C inhibitor", company: "Amgen",
    segment: "KRAS G12C NSCLC", condition: C, launch: d(2021, 5, 28), launchCountry: "US", roa: "Oral", us: "Approved (May 2021)", modality: "Small Molecules",
    regimen: "Sotorasib vs docetaxel", trial: "CodeBreaK 200", nct: "NCT04303780", sponsor: "Amgen", lot: "2LM", cls: "KRAS G12C inhibitor",
    trialPhase: "Phase III", pcd: monthEnd("2022-08"), estBio: "KRAS G12C", focus: "KRAS G12C", recruit: "Completed",
  },
  {
    hml: "Medium", phase: "Approved", product: "Krazati (adagrasib)", moa: "KRAS G12C inhibitor", company: "Bristol Myers Squibb",
    segment: "KRAS G12C NSCLC", condition: C, launch: d(2022, 12, 12), launchCountry: "US", roa: "Oral", us: "Approved (Dec 2022)", modality: "Small Molecules",
    regimen: "Adagrasib vs docetaxel", trial: "KRYSTAL-12", nct: "NCT04685135", sponsor: "Bristol Myers Squibb", lot: "2LM", cls: "KRAS G12C inhibitor",
    trialPhase: "Phase III", pcd: monthEnd("2023-12"), estBio: "KRAS G12C", focus: "KRAS G12C", recruit: "Active, not recruiting",
  },
  {
    hml: "HH", phase: "Phase III", product: "divarasib", moa: "KRAS G12C inhibitor", company: "Roche",
    segment: "KRAS G12C NSCLC", condition: C, launch: "2028+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    regimen: "Divarasib vs sotorasib or adagrasib", trial: "KRASCENDO 1", nct: "NCT06497556", sponsor: "Roche", lot: "2LM", cls: "KRAS G12C inhibitor",
    trialPhase: "Phase III", pcd: monthEnd("2027-10"), estBio: "KRAS G12C", focus: "KRAS G12C", recruit: "Recruiting",
  },
  {
    hml: "HH", isNew: true, phase: "Phase III", product: "daraxonrasib", moa: "RAS(ON) multi-selective inhibitor", company: "Revolution Medicines",
    segment: "KRAS G12X NSCLC", condition: C, launch: "2027+", launchCountry: "US", roa: "Oral", modality: "Small Molecules",
    regimen: "Daraxonrasib vs docetaxel", trial: "RASolve 301", nct: "NCT06881784", sponsor: "Revolution Medicines", lot: "2LM", cls: "RAS(ON) inhibitor",
    trialPhase: "Phase III", pcd: monthEnd("2027-12"), estBio: "KRAS G12X", expBio: "RAS pathway alterations", focus: "RAS-mutant", recruit: "Recruiting",
  },
  {
    hml: "Medium", phase: "Approved", product: "Hernexeos (zongertinib)", moa: "HER2-selective TKI", company: "Boehringer Ingelheim",
    segment: "HER2m NSCLC", condition: C, launch: d(2025, 8, 8), launchCountry: "US", roa: "Oral", us: "Approved (Aug 2025)", modality: "Small Molecules",
    regimen: "Zongertinib", trial: "Beamion LUNG-1", nct: "NCT04886804", sponsor: "Boehringer Ingelheim", lot: "2LM", cls: "HER2 TKI",
    trialPhase: "Phase Ib", pcd: monthEnd("2025-06"), estBio: "HER2 (ERBB2) TKD mutation", focus: "HER2m", recruit: "Active, not recruiting",
  },
  // edge: CRL variant of filed
  {
    hml: "Low", phase: "Filed (CRL Received)", product: "sintilimab", moa: "Anti-PD-1 mAb", company: "Innovent / Eli Lilly",
    segment: "Non-squamous NSCLC", condition: C, launch: "-", launchCountry: "US", assumptions: "FDA complete response letter (Mar 2022): single-country data",
    roa: "IV", row: "China (approved)", modality: "mAbs",
    regimen: "Sintilimab + pemetrexed + platinum", trial: "ORIENT-11", nct: "NCT03607539", sponsor: "Innovent Biologics", lot: "1LM", cls: "PD-1 + chemotherapy",
    trialPhase: "Phase III", pcd: monthEnd("2019-11"), focus: "Non-squamous", recruit: "Completed",
  },
  // edge: missing LOT (left behind by landscape type 2)
  {
    hml: "HH", phase: "Phase III", product: "sacituzumab tirumotecan (sac-TMT)", moa: "TROP2-directed antibody-drug conjugate", company: "Merck & Co. / Kelun-Biotech",
    segment: "EGFRm NSCLC", condition: C, launch: "2027+", launchCountry: "US", roa: "IV", row: "China (approved)", modality: "mAbs",
    regimen: "Sacituzumab tirumotecan", trial: "TroFuse program", sponsor: "Merck & Co.", cls: "TROP2 ADC", trialPhase: "Phase III",
    focus: "EGFRm", recruit: "Recruiting", fn2: "LOT not yet assigned",
  },
  // edge: terminated and suspended trials (left behind by landscape type 2)
  {
    hml: "Low", phase: "Phase III", product: "vibostolimab/pembrolizumab coformulation", moa: "Anti-TIGIT + anti-PD-1", company: "Merck & Co.",
    segment: "PD-L1+ NSCLC", condition: C, launch: "-", roa: "IV", modality: "Dormant",
    regimen: "MK-7684A vs pembrolizumab", trial: "KEYVIBE-003", sponsor: "Merck & Co.", lot: "1LM", cls: "TIGIT + PD-1", trialPhase: "Phase III",
    focus: "PD-L1+", recruit: "Terminated", fn2: "KEYVIBE program discontinued (2024)",
  },
  {
    hml: "Low", phase: "Phase II", product: "Illustrative ADC (example)", moa: "Antibody-drug conjugate", company: "Example Biotech",
    segment: "Non-squamous NSCLC", condition: C, launch: "2030+", roa: "IV", modality: "mAbs",
    regimen: "Example ADC + pembrolizumab", trial: "EXAMPLE-201 (illustrative)", sponsor: "Example Biotech", lot: "2LC", cls: "ADC + PD-1",
    trialPhase: "Phase II", focus: "Non-squamous", recruit: "Suspended", fn2: "Illustrative row: enrolment paused",
  },
  {
    hml: "Medium", phase: "Approved", product: "Datroway (datopotamab deruxtecan)", moa: "TROP2-directed antibody-drug conjugate",
    company: "Daiichi Sankyo / AstraZeneca", segment: "EGFRm NSCLC", condition: C, launch: d(2025, 6, 23), launchCountry: "US", roa: "IV", modality: "mAbs",
    regimen: "Datopotamab deruxtecan", trial: "TROPION-Lung05", sponsor: "Daiichi Sankyo", lot: "3LM", cls: "TROP2 ADC", trialPhase: "Phase II",
    pcd: monthEnd("2023-09"), estBio: "Actionable genomic alteration", focus: "EGFRm", recruit: "Completed",
  },
];
