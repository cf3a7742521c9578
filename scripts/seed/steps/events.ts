// Conferences and dated events per disease, from 6 months back to 12 months ahead.
import { escapeHtml } from "#common/plain-text";
import { Event } from "#db/models/index.server";

import { DISEASES } from "../data/diseases";
import { CONFERENCES, DATED_EVENTS } from "../data/events";
import { Random } from "../random";
import { addDays, dayFrom, zonedDate } from "../time";
import type { DiseaseRef } from "./catalog";
import type { CompoundRef } from "./compounds";

const EVENTS_PAST_DAYS = 183;
const EVENTS_AHEAD_DAYS = 365;

export async function seedEvents(diseases: DiseaseRef[], compounds: CompoundRef[], now: Date) {
  const from = addDays(now, -EVENTS_PAST_DAYS);
  const to = addDays(now, EVENTS_AHEAD_DAYS);
  const docs: Record<string, unknown>[] = [];
  const year = now.getUTCFullYear();

  for (const d of diseases) {
    const diseaseCompounds = compounds.filter((c) => c.disease._id.equals(d._id));
    for (const conf of CONFERENCES.filter((c) => c.diseases.includes(d.key))) {
      const rng = new Random(`conference:${conf.name}:${d.key}`);
      const highlights = rng.sample(
        diseaseCompounds.filter((c) => c.seed.status !== "inactive"),
        3,
      );
      for (const y of [year - 1, year, year + 1, year + 2]) {
        const start = zonedDate(y, conf.month, conf.day, 8, 0, conf.timezone);
        if (start < from || start > to) continue;
        docs.push({
          title: `${conf.name} ${y}`,
          type: "Conference",
          description:
            `<p><strong>${escapeHtml(conf.fullName)}</strong>, ${escapeHtml(conf.city)}.</p>` +
            `<p>Presentations to watch in ${escapeHtml(DISEASES[d.key].textName)}:</p><ul>` +
            highlights
              .map(
                (h) =>
                  `<li>${escapeHtml(h.seed.brand ? `${h.seed.brand} (${h.seed.generic})` : h.seed.generic)}: ${escapeHtml(h.seed.moa)}</li>`,
              )
              .join("") +
            `</ul>`,
          client: d.client,
          therapeuticArea: d.area,
          disease: d._id,
          startDateTime: start,
          endDateTime: zonedDate(y, conf.month, conf.day + conf.days - 1, 18, 0, conf.timezone),
          timezone: conf.timezone,
          isImportant: conf.important ?? false,
          status: "active",
        });
      }
    }
    for (const e of DATED_EVENTS.filter((x) => x.disease === d.key)) {
      const compound = diseaseCompounds.find((c) => c.seed.generic === e.compound);
      if (!compound) throw new Error(`event ${e.title}: no compound ${e.compound} for ${e.disease}`);
      const day = dayFrom(now, e.offsetDays);
      const [startHour, endHour] = e.type === "Regulatory/ Other Development" ? [9, 17] : e.type === "Commercial" ? [9, 10] : [7, 8];
      docs.push({
        title: e.title,
        type: e.type,
        description: `<p>${escapeHtml(e.summary)}</p><p><em>${escapeHtml(compound.seed.brand ? `${compound.seed.brand} (${compound.seed.generic})` : compound.seed.generic)}</em> · ${escapeHtml(compound.seed.moa)} · ${escapeHtml(compound.seed.phase)}</p>`,
        client: d.client,
        therapeuticArea: d.area,
        disease: d._id,
        compound: compound._id,
        // As the app stores it (Event.compoundFacts, compoundFacts in app/models/compound.server.ts).
        compoundFacts: {
          name: compound.seed.generic,
          names: [compound.seed.brand, compound.seed.generic, compound.seed.scientific, ...(compound.seed.other ?? [])].filter(Boolean),
          company: compound.seed.originator,
        },
        startDateTime: zonedDate(day.year, day.month, day.day, startHour, 0, e.timezone),
        endDateTime: zonedDate(day.year, day.month, day.day, endHour, 0, e.timezone),
        timezone: e.timezone,
        isImportant: e.important ?? false,
        status: "active",
      });
    }
  }
  await Event.insertMany(docs);
  return docs;
}
