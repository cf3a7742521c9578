// Compounds of each disease, and the keywords that follow them and the disease terms.
import type { Types } from "mongoose";

import { Compound, Keyword } from "#db/models/index.server";

import { COMPOUNDS, type CompoundSeed } from "../data/compounds";
import { DISEASE_TERMS } from "../data/keywords";
import { Random } from "../random";
import type { DiseaseRef } from "./catalog";
import type { CompanyRef } from "./companies";
import { oid } from "./shared";

export interface CompoundRef {
  _id: Types.ObjectId;
  seed: CompoundSeed;
  disease: DiseaseRef;
}

export async function seedCompounds(diseases: DiseaseRef[], companies: Map<string, CompanyRef>) {
  const company = (name: string, what: string) => {
    const ref = companies.get(name);
    if (!ref) throw new Error(`${what}: unknown company ${name}`);
    return ref._id;
  };
  const refs: CompoundRef[] = [];
  const docs = diseases.flatMap((d) =>
    COMPOUNDS.filter((c) => c.disease === d.key).map((c) => {
      const doc = {
        _id: oid(),
        name: { brand: c.brand ?? "", generic: c.generic, scientific: c.scientific ?? "", other: c.other ?? [] },
        therapeuticArea: d.area,
        disease: d._id,
        client: d.client,
        originator: company(c.originator, c.generic),
        originatorName: c.originator,
        licensee: (c.licensees ?? []).map((l) => ({ region: l.region, companies: l.companies.map((n) => company(n, c.generic)) })),
        approvedInGeographies: c.approved ?? [],
        compoundWebsite: c.website,
        routeOfAdministration: c.roa,
        mechanismOfAction: c.moa,
        therapeuticModality: c.modality,
        priority: c.priority,
        developmentPhase: c.phase,
        patientSegment: c.segment,
        isDMT: c.isDMT ?? false,
        status: c.status ?? "active",
      };
      refs.push({ _id: doc._id, seed: c, disease: d });
      return doc;
    }),
  );
  await Compound.insertMany(docs);
  return refs;
}

export async function seedKeywords(diseases: DiseaseRef[]) {
  const docs = diseases.flatMap((d) => {
    const rng = new Random(`keywords:${d.key}`);
    const terms = DISEASE_TERMS[d.key].map((name) => ({ name, priority: rng.pick([1, 2, 3] as const) }));
    // Compound priority 1 (High) is keyword priority 3 (High).
    const compounds = COMPOUNDS.filter((c) => c.disease === d.key).map((c) => ({
      name: c.generic,
      priority: (4 - c.priority) as 1 | 2 | 3,
    }));
    return [...terms, ...compounds].map((k, i) => ({
      name: k.name,
      priority: k.priority,
      status: i % 11 === 10 ? "inactive" : "active",
      client: d.client,
      therapeuticArea: d.area,
      disease: d._id,
    }));
  });
  await Keyword.insertMany(docs);
  return docs;
}
