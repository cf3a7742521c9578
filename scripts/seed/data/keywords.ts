import type { DiseaseKey } from "./diseases";

/** Search terms tracked per disease besides the compound names (keywords list and news terms). */
export const DISEASE_TERMS: Record<DiseaseKey, string[]> = {
  alzheimers: ["amyloid", "tau", "ARIA", "p-tau217", "CDR-SB"],
  parkinsons: ["alpha-synuclein", "LRRK2", "levodopa", "motor fluctuations"],
  ms: ["BTK inhibitor", "anti-CD20", "disability progression", "relapse"],
  als: ["SOD1", "FUS", "neurofilament", "ALSFRS-R"],
  sma: ["SMN2", "myostatin", "HFMSE", "gene therapy"],
  dmd: ["exon skipping", "micro-dystrophin", "NSAA", "gene therapy"],
  psoriasis: ["IL-23", "IL-17", "TYK2", "PASI"],
  "atopic-dermatitis": ["IL-13", "OX40", "EASI", "JAK1"],
  nsclc: ["EGFR", "KRAS G12C", "PD-1", "antibody-drug conjugate", "TROP2"],
  "breast-cancer": ["SERD", "ESR1", "CDK4/6", "HER2-low"],
  "colorectal-cancer": ["BRAF", "MSS", "VEGFR"],
  obesity: ["GLP-1", "amylin", "weight loss", "glucagon"],
  t2d: ["HbA1c", "weekly insulin", "SGLT2", "GLP-1"],
  "heart-failure": ["HFpEF", "ATTR-CM", "mineralocorticoid", "KCCQ"],
  asthma: ["TSLP", "IL-5", "exacerbation", "eosinophilic"],
  copd: ["IL-33", "type 2 inflammation", "exacerbation", "PDE3/PDE4"],
  rsv: ["monoclonal antibody", "maternal", "infant", "older adults"],
};

/** Biomarkers and diagnostic tests used in trial records, per disease. */
export const TRIAL_DIAGNOSTICS: Record<DiseaseKey, { biomarkers: string[]; tests: string[] }> = {
  alzheimers: { biomarkers: ["Amyloid PET positive", "Plasma p-tau217", "Tau PET (low/medium)"], tests: ["Amyloid PET", "CSF Aβ42/40", "Plasma p-tau217 assay"] },
  parkinsons: { biomarkers: ["DaT-SPECT deficit", "LRRK2 G2019S", "α-synuclein seed amplification"], tests: ["DaTscan", "Genetic testing", "SAA in CSF"] },
  ms: { biomarkers: ["Serum NfL", "Paramagnetic rim lesions", "Slowly expanding lesions"], tests: ["MRI", "Serum NfL assay"] },
  als: { biomarkers: ["SOD1 mutation", "FUS mutation", "Plasma NfL"], tests: ["Genetic testing", "NfL assay"] },
  sma: { biomarkers: ["SMN2 copy number", "5q SMA confirmed"], tests: ["SMN1/SMN2 genetic testing"] },
  dmd: { biomarkers: ["DMD mutation amenable to exon skipping", "Anti-AAV antibody negative"], tests: ["Genetic testing", "AAVrh74 antibody assay"] },
  psoriasis: { biomarkers: ["None"], tests: ["Clinical assessment (PASI, BSA, sPGA)"] },
  "atopic-dermatitis": { biomarkers: ["Serum IgE", "TARC"], tests: ["Clinical assessment (EASI, vIGA-AD)"] },
  nsclc: { biomarkers: ["EGFR exon 19 del / L858R", "KRAS G12C", "PD-L1 TPS ≥50%", "HER2 mutation"], tests: ["NGS (tissue)", "Liquid biopsy ctDNA", "PD-L1 IHC 22C3"] },
  "breast-cancer": { biomarkers: ["ESR1 mutation", "HER2-low (IHC 1+/2+)", "PIK3CA mutation", "HR+/HER2-"], tests: ["ctDNA (Guardant360)", "HER2 IHC", "NGS"] },
  "colorectal-cancer": { biomarkers: ["BRAF V600E", "MSS / pMMR", "RAS wild-type"], tests: ["NGS (tissue)", "IHC MMR"] },
  obesity: { biomarkers: ["BMI ≥30 or ≥27 with comorbidity"], tests: ["BMI", "DXA body composition"] },
  t2d: { biomarkers: ["HbA1c 7.0-10.5%"], tests: ["HbA1c", "CGM"] },
  "heart-failure": { biomarkers: ["NT-proBNP elevated", "LVEF ≥40%", "TTR variant / wild-type"], tests: ["Echocardiography", "NT-proBNP", "Technetium scintigraphy"] },
  asthma: { biomarkers: ["Blood eosinophils ≥150/µL", "FeNO"], tests: ["Spirometry", "Blood eosinophil count"] },
  copd: { biomarkers: ["Blood eosinophils ≥300/µL", "Former smoker status"], tests: ["Spirometry", "Blood eosinophil count"] },
  rsv: { biomarkers: ["RT-PCR confirmed RSV"], tests: ["RT-PCR", "Rapid antigen test"] },
};
