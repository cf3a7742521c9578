import type { EVENT_TYPES } from "#common/constants";
import type { DiseaseKey } from "./diseases";

export interface ConferenceSeed {
  /** Short name used in titles, e.g. AAIC. */
  name: string;
  fullName: string;
  /** Usual start: month (1-12) and day of month; repeated every year. */
  month: number;
  day: number;
  days: number;
  city: string;
  timezone: string;
  diseases: DiseaseKey[];
  important?: boolean;
}

// Major congresses with their usual slot in the calendar; each yields one event per year and covered disease.
export const CONFERENCES: ConferenceSeed[] = [
  { name: "AAIC", fullName: "Alzheimer's Association International Conference", month: 7, day: 27, days: 5, city: "Toronto", timezone: "America/Toronto", diseases: ["alzheimers"], important: true },
  { name: "CTAD", fullName: "Clinical Trials on Alzheimer's Disease", month: 12, day: 1, days: 4, city: "San Diego", timezone: "America/Los_Angeles", diseases: ["alzheimers"], important: true },
  { name: "AD/PD", fullName: "International Conference on Alzheimer's and Parkinson's Diseases", month: 3, day: 17, days: 5, city: "Copenhagen", timezone: "Europe/Copenhagen", diseases: ["alzheimers", "parkinsons"] },
  { name: "AAN", fullName: "American Academy of Neurology Annual Meeting", month: 4, day: 18, days: 5, city: "Chicago", timezone: "America/Chicago", diseases: ["alzheimers", "parkinsons", "ms", "als"] },
  { name: "MDS Congress", fullName: "International Congress of Parkinson's Disease and Movement Disorders", month: 10, day: 5, days: 4, city: "Honolulu", timezone: "Pacific/Honolulu", diseases: ["parkinsons"] },
  { name: "ECTRIMS", fullName: "European Committee for Treatment and Research in Multiple Sclerosis Congress", month: 9, day: 24, days: 3, city: "Barcelona", timezone: "Europe/Madrid", diseases: ["ms"], important: true },
  { name: "ENCALS", fullName: "European Network to Cure ALS Meeting", month: 6, day: 17, days: 3, city: "Turin", timezone: "Europe/Rome", diseases: ["als"] },
  { name: "MDA Conference", fullName: "MDA Clinical & Scientific Conference", month: 3, day: 16, days: 4, city: "Dallas", timezone: "America/Chicago", diseases: ["sma", "dmd"] },
  { name: "World Muscle Society Congress", fullName: "International Congress of the World Muscle Society", month: 10, day: 7, days: 5, city: "Vienna", timezone: "Europe/Vienna", diseases: ["sma", "dmd"] },
  { name: "AAD Annual Meeting", fullName: "American Academy of Dermatology Annual Meeting", month: 3, day: 6, days: 5, city: "Denver", timezone: "America/Denver", diseases: ["psoriasis", "atopic-dermatitis"], important: true },
  { name: "EADV Congress", fullName: "European Academy of Dermatology and Venereology Congress", month: 9, day: 17, days: 4, city: "Paris", timezone: "Europe/Paris", diseases: ["psoriasis", "atopic-dermatitis"] },
  { name: "ASCO", fullName: "ASCO Annual Meeting", month: 5, day: 29, days: 5, city: "Chicago", timezone: "America/Chicago", diseases: ["nsclc", "breast-cancer", "colorectal-cancer"], important: true },
  { name: "ESMO", fullName: "ESMO Congress", month: 10, day: 17, days: 5, city: "Berlin", timezone: "Europe/Berlin", diseases: ["nsclc", "breast-cancer", "colorectal-cancer"], important: true },
  { name: "WCLC", fullName: "IASLC World Conference on Lung Cancer", month: 9, day: 6, days: 4, city: "Barcelona", timezone: "Europe/Madrid", diseases: ["nsclc"] },
  { name: "SABCS", fullName: "San Antonio Breast Cancer Symposium", month: 12, day: 9, days: 4, city: "San Antonio", timezone: "America/Chicago", diseases: ["breast-cancer"], important: true },
  { name: "ASCO GI", fullName: "ASCO Gastrointestinal Cancers Symposium", month: 1, day: 23, days: 3, city: "San Francisco", timezone: "America/Los_Angeles", diseases: ["colorectal-cancer"] },
  { name: "ADA Scientific Sessions", fullName: "American Diabetes Association Scientific Sessions", month: 6, day: 20, days: 4, city: "Chicago", timezone: "America/Chicago", diseases: ["obesity", "t2d"], important: true },
  { name: "EASD", fullName: "European Association for the Study of Diabetes Annual Meeting", month: 9, day: 15, days: 5, city: "Vienna", timezone: "Europe/Vienna", diseases: ["obesity", "t2d"] },
  { name: "ObesityWeek", fullName: "ObesityWeek", month: 11, day: 4, days: 4, city: "Atlanta", timezone: "America/New_York", diseases: ["obesity"] },
  { name: "ECO", fullName: "European Congress on Obesity", month: 5, day: 11, days: 4, city: "Malaga", timezone: "Europe/Madrid", diseases: ["obesity"] },
  { name: "ESC Congress", fullName: "European Society of Cardiology Congress", month: 8, day: 29, days: 4, city: "Madrid", timezone: "Europe/Madrid", diseases: ["heart-failure"], important: true },
  { name: "AHA Scientific Sessions", fullName: "American Heart Association Scientific Sessions", month: 11, day: 8, days: 3, city: "New Orleans", timezone: "America/Chicago", diseases: ["heart-failure"] },
  { name: "HFA Congress", fullName: "Heart Failure Association of the ESC Congress", month: 5, day: 17, days: 4, city: "Belgrade", timezone: "Europe/Belgrade", diseases: ["heart-failure"] },
  { name: "ATS", fullName: "American Thoracic Society International Conference", month: 5, day: 16, days: 5, city: "San Francisco", timezone: "America/Los_Angeles", diseases: ["asthma", "copd"], important: true },
  { name: "ERS Congress", fullName: "European Respiratory Society Congress", month: 9, day: 27, days: 5, city: "Amsterdam", timezone: "Europe/Amsterdam", diseases: ["asthma", "copd", "rsv"] },
  { name: "IDWeek", fullName: "IDWeek", month: 10, day: 19, days: 4, city: "Atlanta", timezone: "America/New_York", diseases: ["rsv"] },
  { name: "RSVVW", fullName: "ReSViNET Conference on RSV", month: 2, day: 12, days: 3, city: "Rotterdam", timezone: "Europe/Amsterdam", diseases: ["rsv"] },
];

export interface DatedEventSeed {
  title: string;
  type: (typeof EVENT_TYPES)[number];
  disease: DiseaseKey;
  /** Generic name of the compound the event is about. */
  compound: string;
  /** Days from the seed date (negative: in the past). */
  offsetDays: number;
  timezone: string;
  summary: string;
  important?: boolean;
}

const REG = "Regulatory/ Other Development" as const;
const TRIAL = "Trial Initiation/ Results" as const;
const COM = "Commercial" as const;
const ET = "America/New_York";

// Catalysts placed relative to the seed date (the calendar stays current); the facts are from public pipelines.
export const DATED_EVENTS: DatedEventSeed[] = [
  { title: "FDA decision: Leqembi Iqlik subcutaneous initiation dosing", type: REG, disease: "alzheimers", compound: "lecanemab", offsetDays: 41, timezone: ET,
    summary: "FDA action date for the supplemental BLA extending the subcutaneous autoinjector to treatment initiation.", important: true },
  { title: "TRAILRUNNER-ALZ 1 topline readout", type: TRIAL, disease: "alzheimers", compound: "remternetug", offsetDays: 118, timezone: ET,
    summary: "Expected topline amyloid clearance data for remternetug from the Phase 3 TRAILRUNNER-ALZ 1 study.", important: true },
  { title: "CELIA Phase 2 topline (BIIB080)", type: TRIAL, disease: "alzheimers", compound: "BIIB080", offsetDays: 152, timezone: ET,
    summary: "First placebo-controlled efficacy readout for a tau-lowering antisense oligonucleotide.", important: true },
  { title: "TRONTIER 1 first patient dosed", type: TRIAL, disease: "alzheimers", compound: "trontinemab", offsetDays: -96, timezone: "Europe/Zurich",
    summary: "Roche starts the global Phase 3 programme of its Brainshuttle anti-amyloid antibody." },
  { title: "CHMP re-examination outcome: blarcamesine", type: REG, disease: "alzheimers", compound: "blarcamesine", offsetDays: -31, timezone: "Europe/Amsterdam",
    summary: "Outcome of the re-examination requested by Anavex after the negative trend vote." },
  { title: "Buntanetap Phase 3 six-month symptomatic readout", type: TRIAL, disease: "alzheimers", compound: "buntanetap", offsetDays: 205, timezone: ET,
    summary: "Interim six-month ADAS-Cog11 readout of the pivotal Phase 3 study in early AD." },
  { title: "Kisunla launches in first EU markets", type: COM, disease: "alzheimers", compound: "donanemab", offsetDays: -22, timezone: "Europe/Berlin",
    summary: "Commercial availability of donanemab in Germany and Austria following the European Commission approval." },
  { title: "Eisai quarterly results: Leqembi revenue", type: COM, disease: "alzheimers", compound: "lecanemab", offsetDays: 26, timezone: "Asia/Tokyo",
    summary: "Quarterly Leqembi revenue and patient numbers by region; watch the US infusion-site capacity commentary." },
  { title: "FDA decision: tavapadon in Parkinson's disease", type: REG, disease: "parkinsons", compound: "tavapadon", offsetDays: 72, timezone: ET,
    summary: "PDUFA date for AbbVie's once-daily D1/D5 partial agonist across early and advanced PD.", important: true },
  { title: "LUMA Phase 2b topline (BIIB122)", type: TRIAL, disease: "parkinsons", compound: "BIIB122", offsetDays: -47, timezone: ET,
    summary: "Topline results of the LRRK2 inhibitor in early Parkinson's disease." },
  { title: "Prasinezumab Phase 3 start", type: TRIAL, disease: "parkinsons", compound: "prasinezumab", offsetDays: 33, timezone: "Europe/Zurich",
    summary: "Roche begins the Phase 3 programme following PADOVA." },
  { title: "FDA decision: tolebrutinib in nrSPMS", type: REG, disease: "ms", compound: "tolebrutinib", offsetDays: -12, timezone: ET,
    summary: "Regulatory decision on the first BTK inhibitor for non-relapsing secondary progressive MS.", important: true },
  { title: "FENhance 1 and 2 topline (fenebrutinib)", type: TRIAL, disease: "ms", compound: "fenebrutinib", offsetDays: 63, timezone: "Europe/Zurich",
    summary: "Relapsing MS Phase 3 readouts versus teriflunomide." },
  { title: "Ocrevus Zunovo EU launch wave", type: COM, disease: "ms", compound: "ocrelizumab", offsetDays: -121, timezone: "Europe/Zurich",
    summary: "Subcutaneous ocrelizumab roll-out across major EU markets." },
  { title: "FUSION Phase 3 topline (ulefnersen)", type: TRIAL, disease: "als", compound: "ulefnersen", offsetDays: 181, timezone: ET,
    summary: "Readout of the first pivotal study in FUS-ALS." },
  { title: "Apitegromab BLA resubmission", type: REG, disease: "sma", compound: "apitegromab", offsetDays: 44, timezone: ET,
    summary: "Scholar Rock resubmits after third-party fill-finish site issues were resolved.", important: true },
  { title: "Itvisma (intrathecal OAV101) US launch", type: COM, disease: "sma", compound: "onasemnogene abeparvovec", offsetDays: -38, timezone: ET,
    summary: "Launch of the intrathecal gene therapy for patients aged two and older." },
  { title: "ENVISION enrolment completion", type: TRIAL, disease: "dmd", compound: "delandistrogene moxeparvovec", offsetDays: 91, timezone: ET,
    summary: "Completion of enrolment in the non-ambulatory and older ambulatory population study." },
  { title: "FDA safety labelling review: Elevidys", type: REG, disease: "dmd", compound: "delandistrogene moxeparvovec", offsetDays: -102, timezone: ET,
    summary: "Boxed warning for acute liver injury and restrictions in non-ambulatory patients." },
  { title: "FDA decision: icotrokinra in plaque psoriasis", type: REG, disease: "psoriasis", compound: "icotrokinra", offsetDays: 148, timezone: ET,
    summary: "Decision on the first oral IL-23 receptor antagonist peptide.", important: true },
  { title: "Zasocitinib head-to-head readout versus deucravacitinib", type: TRIAL, disease: "psoriasis", compound: "zasocitinib", offsetDays: 99, timezone: "Asia/Tokyo",
    summary: "Phase 3b comparison of two allosteric TYK2 inhibitors." },
  { title: "COAST 2 topline (amlitelimab)", type: TRIAL, disease: "atopic-dermatitis", compound: "amlitelimab", offsetDays: 82, timezone: "Europe/Paris",
    summary: "Second pivotal study of the OX40L antibody with quarterly maintenance dosing." },
  { title: "Ebglyss launch in Japan", type: COM, disease: "atopic-dermatitis", compound: "lebrikizumab", offsetDays: -149, timezone: "Asia/Tokyo",
    summary: "Japanese launch of lebrikizumab for moderate-to-severe atopic dermatitis." },
  { title: "HARMONi-3 interim analysis", type: TRIAL, disease: "nsclc", compound: "ivonescimab", offsetDays: 238, timezone: ET,
    summary: "Planned interim analysis of ivonescimab plus chemotherapy versus pembrolizumab plus chemotherapy.", important: true },
  { title: "EC decision: Datroway in EGFR-mutated NSCLC", type: REG, disease: "nsclc", compound: "datopotamab deruxtecan", offsetDays: 36, timezone: "Europe/Amsterdam",
    summary: "European decision for previously treated EGFR-mutated NSCLC." },
  { title: "Sac-TMT global Phase 3 readouts begin", type: TRIAL, disease: "nsclc", compound: "sacituzumab tirumotecan", offsetDays: 302, timezone: ET,
    summary: "First of Merck's global TroFuse Phase 3 readouts in lung cancer." },
  { title: "PDUFA date: vepdegestrant", type: REG, disease: "breast-cancer", compound: "vepdegestrant", offsetDays: 158, timezone: ET,
    summary: "Decision on the first PROTAC degrader for ESR1-mutated advanced breast cancer.", important: true },
  { title: "FDA decision: camizestrant (SERENA-6)", type: REG, disease: "breast-cancer", compound: "camizestrant", offsetDays: 109, timezone: ET,
    summary: "Decision on ctDNA-guided switching to camizestrant in first-line HR+/HER2- breast cancer." },
  { title: "lidERA data presentation", type: TRIAL, disease: "breast-cancer", compound: "giredestrant", offsetDays: -26, timezone: "America/Chicago",
    summary: "Full results of the adjuvant oral SERD study." },
  { title: "Zanzalintinib NDA submission", type: REG, disease: "colorectal-cancer", compound: "zanzalintinib", offsetDays: 19, timezone: ET,
    summary: "Submission based on STELLAR-303 in previously treated metastatic colorectal cancer." },
  { title: "FDA decision: orforglipron in obesity", type: REG, disease: "obesity", compound: "orforglipron", offsetDays: 94, timezone: ET,
    summary: "Decision on the first oral small-molecule GLP-1 receptor agonist for chronic weight management.", important: true },
  { title: "TRIUMPH-1 topline (retatrutide)", type: TRIAL, disease: "obesity", compound: "retatrutide", offsetDays: 131, timezone: ET,
    summary: "Pivotal 80-week weight-loss readout of the triple agonist.", important: true },
  { title: "CagriSema submitted to FDA", type: REG, disease: "obesity", compound: "cagrilintide/semaglutide", offsetDays: -52, timezone: "Europe/Copenhagen",
    summary: "Novo Nordisk files CagriSema based on the REDEFINE programme." },
  { title: "MARITIME-2 first patient dosed", type: TRIAL, disease: "obesity", compound: "maridebart cafraglutide", offsetDays: -163, timezone: "America/Los_Angeles",
    summary: "Amgen expands the MariTide Phase 3 programme to obesity with type 2 diabetes." },
  { title: "Wegovy quarterly prescription update", type: COM, disease: "obesity", compound: "semaglutide", offsetDays: 12, timezone: "Europe/Copenhagen",
    summary: "Weekly prescription trends and pricing commentary ahead of quarterly results." },
  { title: "FDA decision: efsitora alfa", type: REG, disease: "t2d", compound: "efsitora alfa", offsetDays: 199, timezone: ET,
    summary: "Decision on the once-weekly basal insulin Fc fusion." },
  { title: "ACHIEVE-4 cardiovascular outcomes readout", type: TRIAL, disease: "t2d", compound: "orforglipron", offsetDays: 262, timezone: ET,
    summary: "Cardiovascular outcomes study of orforglipron versus insulin glargine." },
  { title: "HERMES readout (ziltivekimab)", type: TRIAL, disease: "heart-failure", compound: "ziltivekimab", offsetDays: 331, timezone: "Europe/Copenhagen",
    summary: "Outcomes study of IL-6 inhibition in HFmrEF/HFpEF with inflammation.", important: true },
  { title: "Kerendia HFmrEF/HFpEF US launch", type: COM, disease: "heart-failure", compound: "finerenone", offsetDays: -168, timezone: ET,
    summary: "Launch of finerenone in heart failure with LVEF of 40% or more." },
  { title: "EC decision: depemokimab", type: REG, disease: "asthma", compound: "depemokimab", offsetDays: 56, timezone: "Europe/Amsterdam",
    summary: "European decision on the twice-yearly anti-IL-5 antibody in severe asthma and CRSwNP." },
  { title: "VALIANT Phase 2 readout (verekitug)", type: TRIAL, disease: "asthma", compound: "verekitug", offsetDays: -74, timezone: ET,
    summary: "Phase 2 results of the TSLP receptor antibody dosed every 12 or 24 weeks." },
  { title: "Itepekimab regulatory strategy update", type: REG, disease: "copd", compound: "itepekimab", offsetDays: -36, timezone: "Europe/Paris",
    summary: "Sanofi and Regeneron outline next steps after the mixed AERIFY results." },
  { title: "OBERON and TITANIA readouts (tozorakimab)", type: TRIAL, disease: "copd", compound: "tozorakimab", offsetDays: 141, timezone: "Europe/London",
    summary: "Phase 3 exacerbation studies of AstraZeneca's IL-33 antibody." },
  { title: "ACIP meeting: RSV immunisation recommendations", type: REG, disease: "rsv", compound: "clesrovimab", offsetDays: 64, timezone: ET,
    summary: "Advisory committee vote on infant and adult RSV immunisation schedules.", important: true },
  { title: "Enflonsia first full-season launch", type: COM, disease: "rsv", compound: "clesrovimab", offsetDays: -131, timezone: ET,
    summary: "Merck's infant RSV antibody enters its first full season." },
];
