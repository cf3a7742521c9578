import type { NEWS_CATEGORIES } from "#common/constants";

/** What a news template knows about the compound it writes about. */
export interface NewsContext {
  /** "Leqembi (lecanemab)" or "retatrutide". */
  drug: string;
  generic: string;
  brand?: string;
  company: string;
  /** Another company: a licensee or a plausible partner. */
  partner: string;
  disease: string;
  segment: string;
  phase: string;
  moa: string;
  modality: string;
  trial?: string;
  conference: string;
  region: "US" | "EU" | "Japan" | "China";
  /** Deterministic numbers drawn for this item. */
  pct: number;
  amount: number;
  /** Quarterly sales in $ million, scaled to the compound's priority. */
  sales: number;
  count: number;
}

/** "Eisai's", but "Anavex Life Sciences'". */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

export type PhaseGroup = "marketed" | "filed" | "pipeline" | "stopped";

export interface NewsTemplate {
  category: (typeof NEWS_CATEGORIES)[number];
  groups: PhaseGroup[];
  needsTrial?: boolean;
  /** Only for companies that raise money and out-license (small and mid-size biotechs). */
  biotechOnly?: boolean;
  title: (c: NewsContext) => string;
  lead: (c: NewsContext) => string;
  bullets?: (c: NewsContext) => string[];
  close: (c: NewsContext) => string;
}

const REGULATOR = { US: "FDA", EU: "European Commission", Japan: "Japan's MHLW", China: "China's NMPA" } as const;

export function phaseGroup(phase: string): PhaseGroup {
  if (["Marketed", "Approved", "Phase 4"].includes(phase)) return "marketed";
  if (phase === "Filed/Registered") return "filed";
  if (["Terminated", "Withdrawn", "Suspended"].includes(phase)) return "stopped";
  return "pipeline";
}

export const NEWS_TEMPLATES: NewsTemplate[] = [
  // Trial Results
  {
    category: "Trial Results", groups: ["pipeline", "filed"], needsTrial: true,
    title: (c) => `${c.company} reports positive topline results from ${c.trial} study of ${c.generic} in ${c.segment}`,
    lead: (c) => `${c.company} said the ${c.trial} study of ${c.drug} met its primary endpoint in ${c.segment}, with a ${c.pct}% relative improvement versus the control arm.`,
    bullets: (c) => [`Primary endpoint met with statistical significance`, `Safety profile consistent with earlier data for the mechanism (${c.moa})`, `Full results to be presented at ${c.conference}`],
    close: (c) => `The company plans to discuss the data with regulators and expects to submit in the ${c.region} within the next 12 months.`,
  },
  {
    category: "Trial Results", groups: ["pipeline"], needsTrial: true,
    title: (c) => `${c.generic} misses primary endpoint in ${c.trial}, ${c.company} says`,
    lead: (c) => `${c.company} said ${c.trial} did not show a statistically significant difference on its primary endpoint, although several secondary measures favoured ${c.generic}.`,
    close: (c) => `${c.company} will review the full dataset before deciding on the next steps for ${c.generic} in ${c.disease}.`,
  },
  {
    category: "Trial Results", groups: ["marketed", "filed"],
    title: (c) => `New long-term data for ${c.drug} presented at ${c.conference}`,
    lead: (c) => `${c.company} presented ${c.count}-month follow-up data for ${c.drug} at ${c.conference}, showing the benefit in ${c.segment} was maintained over time.`,
    bullets: (c) => [`Treatment effect widened versus the natural-history comparison`, `No new safety signals over ${c.count} months`, `${c.pct}% of participants remained on treatment`],
    close: () => `Investigators said the data support earlier treatment and continued dosing.`,
  },
  {
    category: "Trial Results", groups: ["marketed"],
    title: (c) => `Real-world study confirms ${c.brand ?? c.generic} effectiveness in ${c.segment}`,
    lead: (c) => `A real-world analysis of more than ${c.count * 100} patients treated with ${c.drug} found outcomes in line with the pivotal programme in ${c.disease}.`,
    close: (c) => `${c.company} said the findings would support payer discussions in the ${c.region}.`,
  },
  {
    category: "Trial Results", groups: ["pipeline"],
    title: (c) => `${c.company} shares ${c.phase} data for ${c.generic} at ${c.conference}`,
    lead: (c) => `Updated ${c.phase} data for ${c.generic} (${c.moa}) showed dose-dependent activity in ${c.segment} at ${c.conference}.`,
    close: (c) => `${c.company} expects to select a dose for later-stage development of ${c.generic} this year.`,
  },
  // Trial Initiation
  {
    category: "Trial Initiation", groups: ["pipeline"],
    title: (c) => `${c.company} doses first patient in ${c.phase} study of ${c.generic} in ${c.segment}`,
    lead: (c) => `${c.company} has dosed the first participant in a ${c.phase} study evaluating ${c.generic} in ${c.segment}.`,
    bullets: (c) => [`About ${c.count * 40} participants planned`, `Sites in North America, Europe and Asia-Pacific`, `Primary completion expected within ${Math.max(2, Math.round(c.count / 6))} years`],
    close: (c) => `Initial data from the study will inform the registrational strategy for ${c.generic} in ${c.disease}.`,
  },
  {
    category: "Trial Initiation", groups: ["pipeline", "filed"], needsTrial: true,
    title: (c) => `${c.company} completes enrolment in ${c.trial}`,
    lead: (c) => `Enrolment is complete in ${c.trial}, the study of ${c.drug} in ${c.segment}, ahead of the company's guidance.`,
    close: (c) => `Topline results are expected after the final participant completes the treatment period; ${c.company} reiterated its timelines for ${c.disease}.`,
  },
  {
    category: "Trial Initiation", groups: ["marketed", "filed"],
    title: (c) => `${c.company} starts Phase 3 programme for ${c.brand ?? c.generic} in a new ${c.disease} population`,
    lead: (c) => `${c.company} is expanding development of ${c.drug} with a new Phase 3 programme, building on its position in ${c.segment}.`,
    close: () => `The programme includes a head-to-head comparison against current standard of care.`,
  },
  // Regulatory
  {
    category: "Regulatory", groups: ["filed"],
    title: (c) => `${REGULATOR[c.region]} accepts ${possessive(c.company)} application for ${c.generic} in ${c.disease}`,
    lead: (c) => `The ${REGULATOR[c.region]} has accepted the marketing application for ${c.drug} in ${c.segment}; a decision is expected within the standard review period.`,
    close: (c) => `If approved, ${c.generic} would add a new mechanism (${c.moa}) to the options for ${c.segment}.`,
  },
  {
    category: "Regulatory", groups: ["filed", "marketed"],
    title: (c) => `CHMP adopts positive opinion for ${c.brand ?? c.generic} in ${c.disease}`,
    lead: (c) => `The EMA's Committee for Medicinal Products for Human Use recommended approval of ${c.drug} for ${c.segment}.`,
    close: () => `The European Commission usually follows CHMP opinions within about 67 days.`,
  },
  {
    category: "Regulatory", groups: ["pipeline"],
    title: (c) => `FDA grants Breakthrough Therapy designation to ${c.generic} for ${c.segment}`,
    lead: (c) => `The FDA granted Breakthrough Therapy designation to ${possessive(c.company)} ${c.generic} based on ${c.phase} data in ${c.segment}.`,
    close: () => `The designation allows more frequent interactions with the agency and eligibility for rolling review.`,
  },
  {
    category: "Regulatory", groups: ["marketed"],
    title: (c) => `${REGULATOR[c.region]} approves label update for ${c.brand ?? c.generic}`,
    lead: (c) => `${REGULATOR[c.region]} approved an updated label for ${c.drug}, adding longer-term efficacy and safety data in ${c.segment}.`,
    close: (c) => `${c.company} said the update also simplifies monitoring requirements.`,
  },
  {
    category: "Regulatory", groups: ["marketed", "filed"],
    title: (c) => `NICE issues draft guidance on ${c.brand ?? c.generic} for ${c.disease}`,
    lead: (c) => `England's NICE published draft guidance on ${c.drug} for ${c.segment}, asking ${c.company} for further evidence on cost-effectiveness.`,
    close: () => `Consultation on the draft guidance is open for four weeks.`,
  },
  {
    category: "Regulatory", groups: ["pipeline", "filed"],
    title: (c) => `${c.company} receives Fast Track designation for ${c.generic}`,
    lead: (c) => `The FDA granted Fast Track designation to ${c.generic} for the treatment of ${c.segment}.`,
    close: (c) => `${c.company} plans an end-of-Phase 2 meeting to agree the registrational path in ${c.disease}.`,
  },
  // Commercial
  {
    category: "Commercial", groups: ["marketed"],
    title: (c) => `${c.brand ?? c.generic} quarterly sales reach $${c.sales} million, up ${c.pct}% year on year`,
    lead: (c) => `${c.company} reported quarterly sales of $${c.sales} million for ${c.drug}, driven by demand in ${c.segment} and new patient starts in the ${c.region}.`,
    bullets: (c) => [`${c.region} accounted for most of the growth`, `Pricing broadly stable`, `${c.company} reiterated full-year guidance`],
    close: () => `Management pointed to supply expansion as the main constraint on further growth.`,
  },
  {
    category: "Commercial", groups: ["marketed"],
    title: (c) => `${c.company} raises guidance on strong ${c.brand ?? c.generic} demand`,
    lead: (c) => `${c.company} raised its full-year outlook, citing stronger-than-expected uptake of ${c.drug} in ${c.disease}.`,
    close: (c) => `Analysts had expected ${c.brand ?? c.generic} to face tougher competition in ${c.segment}.`,
  },
  {
    category: "Commercial", groups: ["marketed", "filed"],
    title: (c) => `${c.company} and ${c.partner} sign ${c.region} commercialisation deal for ${c.generic}`,
    lead: (c) => `${c.company} entered an agreement with ${c.partner} to commercialise ${c.drug} in the ${c.region}, including $${c.amount} million upfront.`,
    close: () => `The partners will share development costs for future indications.`,
  },
  {
    category: "Commercial", groups: ["marketed"],
    title: (c) => `${c.company} expands manufacturing capacity for ${c.brand ?? c.generic}`,
    lead: (c) => `${c.company} announced a $${c.amount * 3} million investment to expand manufacturing of ${c.drug}.`,
    close: (c) => `The new capacity is expected to ease supply constraints in ${c.segment}.`,
  },
  {
    category: "Commercial", groups: ["filed"],
    title: (c) => `${c.company} builds launch team ahead of ${c.generic} decision`,
    lead: (c) => `${c.company} is hiring a specialty sales force ahead of an expected decision on ${c.drug} in ${c.disease}.`,
    close: () => `The company expects a phased launch starting with specialist centres.`,
  },
  // Development Needs
  {
    category: "Development Needs", groups: ["pipeline"], biotechOnly: true,
    title: (c) => `${c.company} raises $${c.amount} million to advance ${c.generic}`,
    lead: (c) => `${c.company} closed a $${c.amount} million financing to fund the development of ${c.generic} in ${c.segment}.`,
    close: (c) => `Proceeds extend the company's cash runway through its next ${c.disease} readout.`,
  },
  {
    category: "Development Needs", groups: ["pipeline", "filed"], biotechOnly: true,
    title: (c) => `${c.partner} licenses ${c.region} rights to ${c.generic} from ${c.company}`,
    lead: (c) => `${c.partner} acquired ${c.region} rights to ${c.generic} from ${c.company} for $${c.amount} million upfront plus milestones.`,
    close: (c) => `The deal underlines interest in the mechanism (${c.moa}) in ${c.disease}.`,
  },
  {
    category: "Development Needs", groups: ["pipeline", "marketed", "filed"],
    title: (c) => `Unmet need remains high in ${c.segment} despite new ${c.disease} therapies`,
    lead: (c) => `A survey of ${c.count * 10} specialists found that fewer than half of patients in ${c.segment} are on optimal therapy, highlighting room for agents such as ${c.generic}.`,
    close: () => `Physicians cited access, monitoring burden and route of administration as the main barriers.`,
  },
  // Others
  {
    category: "Others", groups: ["stopped"],
    title: (c) => `${c.company} discontinues development of ${c.generic} in ${c.disease}`,
    lead: (c) => `${c.company} will stop development of ${c.generic} in ${c.disease} following a portfolio review.`,
    close: (c) => `The company will focus resources on programmes with clearer differentiation in ${c.segment}.`,
  },
  {
    category: "Others", groups: ["pipeline", "marketed", "filed"],
    title: (c) => `${c.company} to present ${c.count} abstracts on ${c.generic} at ${c.conference}`,
    lead: (c) => `${c.company} will present ${c.count} abstracts covering ${c.drug} at ${c.conference}, including new subgroup and biomarker analyses.`,
    close: () => `An investor event is planned during the meeting.`,
  },
  {
    category: "Others", groups: ["stopped"],
    title: (c) => `${c.company} restructures ${c.disease} pipeline after ${c.generic} review`,
    lead: (c) => `${c.company} announced a restructuring of its ${c.disease} research, including changes to the ${c.generic} programme.`,
    close: () => `The company did not disclose the financial impact of the restructuring.`,
  },
];

/** Short analyst takes by category; `{drug}`, `{company}` and `{segment}` are filled in. */
export const COMMENTARIES: Record<(typeof NEWS_CATEGORIES)[number], string[]> = {
  "Trial Results": [
    "The effect size is in line with our base case and supports {drug} as a credible option in {segment}. We keep our probability of success unchanged pending the full dataset.",
    "Positive on the headline, but the subgroup data will matter most for positioning in {segment}. We would watch discontinuation rates and safety monitoring requirements.",
    "This readout removes a key overhang for {company}. Differentiation versus the current leader remains modest, so pricing and convenience will decide uptake.",
    "A mixed result: the primary endpoint alone understates the secondary signals, but regulators are unlikely to accept a filing without a confirmatory study.",
  ],
  "Trial Initiation": [
    "The trial design is sensible and the comparator choice raises the bar for {drug}. First data are unlikely before our forecast horizon.",
    "Enrolment speed is a useful read-through for demand in {segment}; we move our launch assumption forward by one quarter.",
    "Another entrant in a crowded segment: recruitment competition with ongoing studies is the main execution risk for {company}.",
  ],
  Regulatory: [
    "We expect approval with a label broadly in line with the pivotal population. The main swing factor is monitoring language in {segment}.",
    "The designation confirms regulators see an unmet need in {segment}, but it does not change our timelines for {drug}.",
    "A restrictive label would limit the addressable population; we model a gradual launch curve for {company}.",
    "Reimbursement rather than approval is now the gating factor for {drug} in Europe.",
  ],
  Commercial: [
    "Sales beat consensus; the trajectory suggests {drug} can reach blockbuster status in {segment} earlier than we assumed.",
    "Supply, not demand, is the constraint. Capacity additions by {company} should unlock growth over the next 12 to 18 months.",
    "The deal economics look fair for {company}; the partner's commercial footprint in the region de-risks the launch.",
  ],
  "Development Needs": [
    "The financing gives {company} runway to the next catalyst, removing near-term dilution risk.",
    "Partnering interest confirms the strategic value of the mechanism; expect further deals in {segment}.",
    "Unmet need in {segment} remains high, especially for convenient, less monitoring-intensive options.",
  ],
  Others: [
    "Expected after recent data; the write-down is small relative to {company}'s pipeline.",
    "Worth tracking for competitive positioning, but no change to our forecasts for {drug}.",
  ],
};

export const NEWS_OUTLETS = [
  { name: "Reuters", base: "https://www.reuters.com/business/healthcare-pharmaceuticals" },
  { name: "Fierce Biotech", base: "https://www.fiercebiotech.com/biotech" },
  { name: "Fierce Pharma", base: "https://www.fiercepharma.com/pharma" },
  { name: "Endpoints News", base: "https://endpts.com" },
  { name: "STAT", base: "https://www.statnews.com" },
  { name: "BioPharma Dive", base: "https://www.biopharmadive.com/news" },
  { name: "Evaluate Vantage", base: "https://www.evaluate.com/vantage/articles/news" },
] as const;

/** Names shown as the author of fetched (status "fetch") items. */
export const FETCHERS = ["Google News feed", "PubMed alert", "FiercePharma RSS", "ClinicalTrials.gov watcher", "Company press releases"] as const;
