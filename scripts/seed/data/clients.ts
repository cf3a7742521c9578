import type { DiseaseKey } from "./diseases";

export interface ClientSeed {
  name: string;
  status: "active" | "inactive";
  contacts: { name: string; email: string; title: string }[];
  areas: { name: string; diseases: DiseaseKey[] }[];
}

// Fictional consultancy clients. The same area name may appear for two clients: they are separate documents.
export const CLIENTS: ClientSeed[] = [
  {
    name: "Helix Therapeutics",
    status: "active",
    contacts: [
      { name: "Miriam Okafor", email: "m.okafor@helix-tx.example", title: "VP, Competitive Intelligence" },
      { name: "Daniel Brandt", email: "d.brandt@helix-tx.example", title: "Head of Neuroscience Strategy" },
      { name: "Sofia Lindqvist", email: "s.lindqvist@helix-tx.example", title: "Portfolio Strategy Lead" },
    ],
    areas: [
      { name: "Neurology", diseases: ["alzheimers", "parkinsons", "ms", "als"] },
      { name: "Rare Diseases", diseases: ["sma", "dmd"] },
      { name: "Immunology & Dermatology", diseases: ["psoriasis", "atopic-dermatitis"] },
    ],
  },
  {
    name: "Northbridge Pharma",
    status: "active",
    contacts: [
      { name: "Rahul Mehta", email: "rahul.mehta@northbridge.example", title: "Director, Market Insights" },
      { name: "Claire Dubois", email: "claire.dubois@northbridge.example", title: "Global Brand Lead, Oncology" },
    ],
    areas: [
      { name: "Oncology", diseases: ["nsclc", "breast-cancer", "colorectal-cancer"] },
      { name: "Metabolic & Endocrine", diseases: ["obesity", "t2d"] },
      { name: "Cardiovascular", diseases: ["heart-failure"] },
      { name: "Neurology", diseases: ["alzheimers"] },
    ],
  },
  {
    name: "Aurora Biosciences",
    status: "active",
    contacts: [
      { name: "Hannah Whitfield", email: "hwhitfield@aurorabio.example", title: "Chief Business Officer" },
      { name: "Kenji Watanabe", email: "kwatanabe@aurorabio.example", title: "Senior Manager, Forecasting" },
    ],
    areas: [
      { name: "Respiratory", diseases: ["asthma", "copd"] },
      { name: "Infectious Diseases", diseases: ["rsv"] },
      { name: "Immunology & Dermatology", diseases: ["atopic-dermatitis"] },
      { name: "Metabolic & Endocrine", diseases: ["obesity"] },
    ],
  },
  {
    name: "Keystone Biologics",
    status: "inactive",
    contacts: [{ name: "Laura Fitzgerald", email: "lfitzgerald@keystonebio.example", title: "Strategy Analyst" }],
    areas: [{ name: "Rare Diseases", diseases: ["sma"] }],
  },
];
