import type { ReportTypeId } from "#common/constants";

export type DiseaseKey =
  | "alzheimers" | "parkinsons" | "ms" | "als" | "sma" | "dmd" | "psoriasis" | "atopic-dermatitis"
  | "nsclc" | "breast-cancer" | "colorectal-cancer" | "obesity" | "t2d" | "heart-failure"
  | "asthma" | "copd" | "rsv";

export interface DiseaseSeed {
  key: DiseaseKey;
  name: string;
  /** The name as written mid-sentence ("psoriasis", but "Alzheimer's disease"). */
  textName: string;
  /** Short form used in titles and sheet names. */
  short: string;
  sheetName: string;
  titlePrefix: string;
  reports: ReportTypeId[];
  tm: boolean;
  verified: boolean;
  /** MeSH headings used by the news fetcher. */
  mesh: string[];
  /** Typical patient segments, used for compounds and trials. */
  segments: string[];
  /** Lines of therapy for oncology (landscape type 2), otherwise empty. */
  linesOfTherapy: string[];
}

const ALL_REPORTS: ReportTypeId[] = [
  "timeline-chart", "timeline-table", "event-calendar", "list",
  "landscape-type-1", "landscape-type-2", "landscape-type-3", "events-2",
];

export const DISEASES: Record<DiseaseKey, DiseaseSeed> = {
  alzheimers: {
    key: "alzheimers", name: "Alzheimer's disease", textName: "Alzheimer's disease", short: "AD", sheetName: "AD Landscape",
    titlePrefix: "Alzheimer's Disease", reports: ALL_REPORTS, tm: true, verified: true,
    mesh: ["Alzheimer Disease", "Amyloid beta-Peptides", "tau Proteins", "Cognitive Dysfunction"],
    segments: ["Early AD (Mild & MCI)", "Mild to Moderate AD", "Preclinical AD", "Agitation in AD"],
    linesOfTherapy: [],
  },
  parkinsons: {
    key: "parkinsons", name: "Parkinson's disease", textName: "Parkinson's disease", short: "PD", sheetName: "PD Landscape",
    titlePrefix: "Parkinson's Disease", reports: ["landscape-type-1", "timeline-chart", "timeline-table", "list"],
    tm: false, verified: true,
    mesh: ["Parkinson Disease", "alpha-Synuclein", "Levodopa", "Dopamine Agonists"],
    segments: ["Early PD", "Advanced PD", "PD with motor fluctuations", "PD psychosis"],
    linesOfTherapy: [],
  },
  ms: {
    key: "ms", name: "Multiple sclerosis", textName: "multiple sclerosis", short: "MS", sheetName: "MS Landscape",
    titlePrefix: "Multiple Sclerosis", reports: ["landscape-type-1", "timeline-chart", "event-calendar", "list"],
    tm: false, verified: true,
    mesh: ["Multiple Sclerosis", "Multiple Sclerosis, Relapsing-Remitting", "Multiple Sclerosis, Chronic Progressive"],
    segments: ["RMS", "PPMS", "nrSPMS", "CIS"],
    linesOfTherapy: [],
  },
  als: {
    key: "als", name: "Amyotrophic lateral sclerosis", textName: "ALS", short: "ALS", sheetName: "ALS Landscape",
    titlePrefix: "ALS", reports: ["landscape-type-1", "list", "events-2"], tm: false, verified: false,
    mesh: ["Amyotrophic Lateral Sclerosis", "Superoxide Dismutase-1", "Motor Neuron Disease"],
    segments: ["SOD1-ALS", "FUS-ALS", "Sporadic ALS"],
    linesOfTherapy: [],
  },
  sma: {
    key: "sma", name: "Spinal muscular atrophy", textName: "spinal muscular atrophy", short: "SMA", sheetName: "SMA Landscape",
    titlePrefix: "Spinal Muscular Atrophy", reports: ["landscape-type-1", "timeline-table", "list"],
    tm: false, verified: true,
    mesh: ["Muscular Atrophy, Spinal", "Survival of Motor Neuron 1 Protein", "Spinal Muscular Atrophies of Childhood"],
    segments: ["SMA Type 1", "SMA Type 2/3", "Presymptomatic SMA", "Adult SMA"],
    linesOfTherapy: [],
  },
  dmd: {
    key: "dmd", name: "Duchenne muscular dystrophy", textName: "Duchenne muscular dystrophy", short: "DMD", sheetName: "DMD Landscape",
    titlePrefix: "Duchenne Muscular Dystrophy", reports: ["landscape-type-1", "timeline-chart", "list", "events-2"],
    tm: false, verified: true,
    mesh: ["Muscular Dystrophy, Duchenne", "Dystrophin", "Exons"],
    segments: ["Ambulatory DMD", "Non-ambulatory DMD", "Exon 51 amenable", "Exon 53 amenable"],
    linesOfTherapy: [],
  },
  psoriasis: {
    key: "psoriasis", name: "Psoriasis", textName: "psoriasis", short: "PsO", sheetName: "Psoriasis Landscape",
    titlePrefix: "Plaque Psoriasis", reports: ["landscape-type-1", "timeline-chart", "timeline-table", "list"],
    tm: false, verified: true,
    mesh: ["Psoriasis", "Interleukin-17", "Interleukin-23", "TYK2 Kinase"],
    segments: ["Moderate-to-severe plaque psoriasis", "Psoriatic arthritis", "Scalp psoriasis"],
    linesOfTherapy: [],
  },
  "atopic-dermatitis": {
    key: "atopic-dermatitis", name: "Atopic dermatitis", textName: "atopic dermatitis", short: "AtD", sheetName: "AtD Landscape",
    titlePrefix: "Atopic Dermatitis", reports: ["landscape-type-1", "timeline-chart", "list", "event-calendar"],
    tm: false, verified: true,
    mesh: ["Dermatitis, Atopic", "Interleukin-13", "Eczema", "Pruritus"],
    segments: ["Moderate-to-severe AD (adults)", "Adolescents", "Pediatric AD"],
    linesOfTherapy: [],
  },
  nsclc: {
    key: "nsclc", name: "Non-small-cell lung cancer", textName: "non-small-cell lung cancer", short: "NSCLC", sheetName: "NSCLC Landscape",
    titlePrefix: "NSCLC",
    reports: ["landscape-type-1", "landscape-type-2", "timeline-chart", "event-calendar", "list"],
    tm: false, verified: true,
    mesh: ["Carcinoma, Non-Small-Cell Lung", "ErbB Receptors", "Proto-Oncogene Proteins p21(ras)", "Immune Checkpoint Inhibitors"],
    segments: ["EGFRm NSCLC", "KRAS G12C NSCLC", "PD-L1 high NSCLC", "Non-squamous NSCLC", "HER2m NSCLC"],
    linesOfTherapy: ["Neoadjuvant", "Adjuvant", "1L", "1LM", "2L", "2LM", "3L"],
  },
  "breast-cancer": {
    key: "breast-cancer", name: "Breast cancer", textName: "breast cancer", short: "BC", sheetName: "Breast Cancer Landscape",
    titlePrefix: "Breast Cancer",
    reports: ["landscape-type-1", "landscape-type-2", "timeline-table", "list"],
    tm: false, verified: true,
    mesh: ["Breast Neoplasms", "Receptors, Estrogen", "Receptor, ErbB-2", "Triple Negative Breast Neoplasms"],
    segments: ["HR+/HER2- mBC", "HER2+ mBC", "HER2-low mBC", "ESR1m mBC", "TNBC", "Early BC"],
    linesOfTherapy: ["Neoadjuvant", "Adjuvant", "1L", "1LM", "2L", "2LM", "3LM"],
  },
  "colorectal-cancer": {
    key: "colorectal-cancer", name: "Colorectal cancer", textName: "colorectal cancer", short: "CRC", sheetName: "CRC Landscape",
    titlePrefix: "Colorectal Cancer", reports: ["landscape-type-2", "timeline-chart", "list"],
    tm: false, verified: false,
    mesh: ["Colorectal Neoplasms", "Microsatellite Instability", "Proto-Oncogene Proteins B-raf"],
    segments: ["mCRC", "BRAF V600E mCRC", "MSS mCRC", "MSI-H mCRC"],
    linesOfTherapy: ["Adjuvant", "1LM", "2LM", "3LM"],
  },
  obesity: {
    key: "obesity", name: "Obesity", textName: "obesity", short: "Obesity", sheetName: "Obesity Landscape",
    titlePrefix: "Obesity", reports: ["landscape-type-1", "timeline-chart", "timeline-table", "event-calendar", "list"],
    tm: false, verified: true,
    mesh: ["Obesity", "Glucagon-Like Peptide-1 Receptor", "Weight Loss", "Anti-Obesity Agents"],
    segments: ["Obesity", "Overweight with comorbidities", "Obesity with T2D", "Adolescent obesity"],
    linesOfTherapy: [],
  },
  t2d: {
    key: "t2d", name: "Type 2 diabetes", textName: "type 2 diabetes", short: "T2D", sheetName: "T2D Landscape",
    titlePrefix: "Type 2 Diabetes", reports: ["landscape-type-1", "timeline-chart", "list"],
    tm: false, verified: true,
    mesh: ["Diabetes Mellitus, Type 2", "Hypoglycemic Agents", "Insulin", "Sodium-Glucose Transporter 2 Inhibitors"],
    segments: ["T2D on metformin", "Insulin-treated T2D", "T2D with CKD"],
    linesOfTherapy: [],
  },
  "heart-failure": {
    key: "heart-failure", name: "Heart failure", textName: "heart failure", short: "HF", sheetName: "HF Landscape",
    titlePrefix: "Heart Failure", reports: ["landscape-type-1", "timeline-table", "list", "events-2"],
    tm: false, verified: true,
    mesh: ["Heart Failure", "Stroke Volume", "Cardiomyopathies", "Amyloid Neuropathies, Familial"],
    segments: ["HFrEF", "HFmrEF/HFpEF", "ATTR-CM"],
    linesOfTherapy: [],
  },
  asthma: {
    key: "asthma", name: "Asthma", textName: "asthma", short: "Asthma", sheetName: "Asthma Landscape",
    titlePrefix: "Severe Asthma", reports: ["landscape-type-1", "timeline-chart", "list"],
    tm: false, verified: true,
    mesh: ["Asthma", "Eosinophils", "Anti-Asthmatic Agents", "Interleukin-5"],
    segments: ["Severe eosinophilic asthma", "Severe asthma (all phenotypes)", "Pediatric asthma"],
    linesOfTherapy: [],
  },
  copd: {
    key: "copd", name: "COPD", textName: "COPD", short: "COPD", sheetName: "COPD Landscape",
    titlePrefix: "COPD", reports: ["landscape-type-1", "timeline-table", "list", "event-calendar"],
    tm: false, verified: true,
    mesh: ["Pulmonary Disease, Chronic Obstructive", "Bronchodilator Agents", "Phosphodiesterase Inhibitors"],
    segments: ["COPD with type 2 inflammation", "COPD former smokers", "Moderate-to-severe COPD"],
    linesOfTherapy: [],
  },
  rsv: {
    key: "rsv", name: "RSV", textName: "RSV", short: "RSV", sheetName: "RSV Landscape",
    titlePrefix: "Respiratory Syncytial Virus", reports: ["landscape-type-1", "timeline-chart", "list"],
    tm: false, verified: true,
    mesh: ["Respiratory Syncytial Virus Infections", "Respiratory Syncytial Virus Vaccines", "Respiratory Syncytial Virus, Human"],
    segments: ["Infants (first season)", "Adults 60+", "Adults 50-59 at increased risk", "Maternal immunisation"],
    linesOfTherapy: [],
  },
};
