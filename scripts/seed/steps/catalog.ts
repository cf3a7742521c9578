// Clients (with logos), their therapeutic areas and diseases.
import type { Types } from "mongoose";

import { REPORT_TYPES } from "#common/constants";
import { Client, Disease, TherapeuticArea } from "#db/models/index.server";

import { CLIENTS } from "../data/clients";
import { DISEASES, type DiseaseKey } from "../data/diseases";
import { mapLimit, storeGeneratedLogo } from "../logos";
import { Random } from "../random";
import { oid } from "./shared";

export interface DiseaseRef {
  _id: Types.ObjectId;
  key: DiseaseKey;
  client: Types.ObjectId;
  clientIndex: number;
  clientActive: boolean;
  area: Types.ObjectId;
  areaName: string;
}

export async function seedClientsAreasDiseases() {
  const ids = CLIENTS.map(() => oid());
  const clientLogos = await mapLimit(CLIENTS, 4, (c, i) => storeGeneratedLogo(c.name, { purpose: "client-logo", id: String(ids[i]) }));
  const clients = CLIENTS.map((c, i) => ({
    _id: ids[i],
    name: c.name,
    status: c.status,
    contacts: c.contacts,
    logo: clientLogos[i].logo,
    thumbnails: clientLogos[i].thumbnails,
  }));
  const areas: { _id: Types.ObjectId; name: string; client: Types.ObjectId }[] = [];
  const diseases: Record<string, unknown>[] = [];
  const refs: DiseaseRef[] = [];
  CLIENTS.forEach((c, ci) => {
    for (const area of c.areas) {
      const areaDoc = { _id: oid(), name: area.name, client: clients[ci]._id };
      areas.push(areaDoc);
      for (const key of area.diseases) {
        const d = DISEASES[key];
        const rng = new Random(`sheet:${c.name}:${key}`);
        const doc = {
          _id: oid(),
          name: d.name,
          therapeuticArea: areaDoc._id,
          areaName: area.name,
          client: clients[ci]._id,
          sheetId: "1" + rng.string(43, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
          sheetName: d.sheetName,
          range: "A5",
          titlePrefix: d.titlePrefix,
          reports: REPORT_TYPES.filter((r) => d.reports.includes(r.id)).map((r) => ({ id: r.id, name: r.name })),
          tm: d.tm,
          verified: d.verified,
          mesh: d.mesh,
        };
        diseases.push(doc);
        refs.push({
          _id: doc._id,
          key,
          client: clients[ci]._id,
          clientIndex: ci,
          clientActive: c.status === "active",
          area: areaDoc._id,
          areaName: area.name,
        });
      }
    }
  });
  await Client.insertMany(clients);
  await TherapeuticArea.insertMany(areas);
  await Disease.insertMany(diseases);
  return { clients, areas, diseases: refs };
}
