// Companies with generated logos (PNG and thumbnails in GridFS).
import type { Types } from "mongoose";

import { Company } from "#db/models/index.server";

import { COMPANIES } from "../data/companies";
import { mapLimit, storeGeneratedLogo } from "../logos";
import { oid } from "./shared";

export interface CompanyRef {
  _id: Types.ObjectId;
  name: string;
  website: string;
  type: string;
}

export async function seedCompanies() {
  const ids = new Map(COMPANIES.map((c) => [c.name, oid()]));
  const logos = await mapLimit(COMPANIES, 8, (c) => storeGeneratedLogo(c.name, { purpose: "company-logo", id: String(ids.get(c.name)) }));
  const docs = COMPANIES.map((c, i) => {
    if (c.parent && !ids.has(c.parent)) throw new Error(`company ${c.name}: unknown parent ${c.parent}`);
    return {
      _id: ids.get(c.name)!,
      name: c.name,
      type: c.type,
      website: c.website,
      alias: c.alias,
      headquarters: c.headquarters,
      parentCompany: c.parent ? ids.get(c.parent) : undefined,
      ...logos[i],
      status: c.status ?? "active",
    };
  });
  await Company.insertMany(docs);
  return new Map<string, CompanyRef>(docs.map((d) => [d.name, { _id: d._id, name: d.name, website: d.website, type: d.type }]));
}
