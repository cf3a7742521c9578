import { Types } from "mongoose";

import { EVENT_TYPES, type ACTIVE_STATUSES } from "#common/constants";
import { isObjectId } from "#common/ids";
import { plainText } from "#common/plain-text";
import { connectDb, totalOrder, trusted } from "#db/connection.server";
import { Compound, Disease, Event } from "#db/models/index.server";
import type { EngineEventInput } from "#workers/engine";
import { eventCategory, eventColour } from "#workers/engine/rules";
import { byLabel } from "~/utils/options";
import { diseasesIn, diseasesSeen } from "~/utils/permissions";
import { oncePerRequest } from "~/utils/request-scope.server";
import { sanitizeRichText } from "~/utils/rich-text.server";
import type { SessionUser } from "~/utils/session.server";
import { sentWallClockIn } from "~/utils/time-zones";

import { onceInBatches } from "./backfill.server";
import { findByIds, idsOf } from "./by-ids.server";
import type { CompoundFacts } from "./carried-names.server";
import { compoundFactsOf, compoundName, compoundNamesOf } from "./compound.server";
import { findHeld, findHeldPage, type HeldPageQuery, type HeldRecordQuery } from "./held.server";
import { findPage, type FeedPageQuery } from "./list.server";
import type { PermittedClient, PermittedDisease } from "./permitted";
import { listPermittedClients } from "./permitted-client.server";
import { createRecorded, deleteRecorded, setStatusRecorded, updateRecorded } from "./recorded.server";
import { scopeNamesOf } from "./scope-names.server";
import { listPermittedAreas } from "./therapeutic-area.server";

/** A permitted disease's active events as reports use them (user-app §3 "Event (as used in reports)"), oldest first:
 *  times as the wall clock in the event's own zone in the spec's 'YYYY-MM-DD HH:mm:ss' (an event at 01:00 in Tokyo is
 *  on that day, not on the UTC one before), the compound by name with the names it goes by and its originator (the
 *  event calendar finds the compound's row by them), as the event carries them: one query (and one for the compounds
 *  of events saved before they carried them, until the scheduler's one-time fill). */
export async function listDiseaseEvents({ disease }: { disease: PermittedDisease }): Promise<EngineEventInput[]> {
  await connectDb();
  const events = await Event.find({ disease: disease.id, status: "active" })
    .select("title type startDateTime endDateTime timezone compound compoundFacts")
    .sort({ startDateTime: 1, _id: 1 })
    .lean();
  const read = await compoundFactsOf(idsOf(events, (e) => (e.compoundFacts ? null : e.compound)));
  return events.map((e) => {
    const facts = e.compound ? (e.compoundFacts ?? read.get(String(e.compound))) : undefined;
    return {
      title: e.title,
      type: e.type,
      startDateTime: sentWallClockIn(e.startDateTime, e.timezone),
      endDateTime: sentWallClockIn(e.endDateTime, e.timezone),
      compound: facts?.name || null,
      compoundNames: facts?.names ?? [],
      company: facts?.company ?? "",
    };
  });
}

/** What an event of a compound that is no more carries (as its reports showed it: no compound). */
const NO_COMPOUND: CompoundFacts = { name: "", names: [], company: "" };

/** Gives the events saved before they carried what their reports show of their compound (Event.compoundFacts) those
 *  facts, once per database. */
export const backfillEventCompoundFacts = () =>
  onceInBatches("once|event-compound-facts|1", Event, "compound compoundFacts", async (batch) => {
    const missing = batch.filter((e) => e.compound && e.compoundFacts === undefined);
    if (!missing.length) return 0;
    const facts = await compoundFactsOf(idsOf(missing, (e) => e.compound));
    await Event.bulkWrite(
      missing.map((e) => ({
        updateOne: {
          filter: { _id: e._id, compoundFacts: trusted({ $exists: false }) },
          update: { $set: { compoundFacts: facts.get(String(e.compound)) ?? NO_COMPOUND } },
        },
      })),
    );
    return missing.length;
  });

// ---- The events feed (issue #12): the selected client's events, upcoming first ----

/** Where upcoming events start: the start of today (UTC), as the feed shows them. */
const startOfToday = () => new Date(new Date().setUTCHours(0, 0, 0, 0));

/** How many upcoming active events each of these diseases of `client` has (the disease cards), in one grouped query
 *  served by { disease, status, startDateTime }; the caller passes only diseases the user may see. */
export async function upcomingEventCounts({ client, diseaseIds }: { client: { id: string }; diseaseIds: string[] }) {
  if (!diseaseIds.length) return new Map<string, number>();
  await connectDb();
  // An aggregation is not cast by mongoose: its ids are ObjectIds here.
  const counts = await Event.aggregate<{ _id: Types.ObjectId; count: number }>([
    {
      $match: {
        disease: { $in: diseaseIds.map((id) => new Types.ObjectId(id)) },
        status: "active",
        startDateTime: { $gte: startOfToday() },
        client: new Types.ObjectId(client.id),
      },
    },
    // The index's own order, which MongoDB reads anyway: an order with no ties (see totalOrder).
    { $sort: { disease: 1, status: 1, startDateTime: 1, _id: 1 } },
    { $group: { _id: "$disease", count: { $sum: 1 } } },
  ]);
  return new Map(counts.map((c) => [String(c._id), c.count]));
}

export interface EventFilters {
  areaId?: string;
  diseaseId?: string;
  compoundId?: string;
  type?: (typeof EVENT_TYPES)[number];
  /** From and to (inclusive); without `from`, the start of today (upcoming events); without `to`, no end. */
  from?: Date;
  to?: Date;
}

/**
 * One page of the client's active events, soonest first, of the diseases the user may see, narrowed by the filters.
 * Served by { client, status, startDateTime, _id }.
 */
export async function listEventsPage({ user, client, filters = {}, page }: FeedPageQuery<EventFilters>) {
  await connectDb();
  const diseases = diseasesSeen(user, client.id, filters.diseaseId && isObjectId(filters.diseaseId) ? [filters.diseaseId] : null);
  const filter = {
    client: client.id,
    status: "active",
    ...(diseases ? { disease: trusted({ $in: diseases }) } : {}),
    ...(filters.areaId && isObjectId(filters.areaId) ? { therapeuticArea: filters.areaId } : {}),
    ...(filters.compoundId && isObjectId(filters.compoundId) ? { compound: filters.compoundId } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    startDateTime: trusted({ $gte: filters.from ?? startOfToday(), ...(filters.to ? { $lte: filters.to } : {}) }),
  };
  const result = await findPage(Event, filter, {
    field: "startDateTime",
    direction: 1,
    select: "title type description client therapeuticArea disease compound startDateTime endDateTime timezone isImportant",
    page,
  });
  // The filter's choices (read once a request: the page shows them too) name nearly every card.
  const options = await eventFilterOptions({ user, client });
  const names = await namesOf(result.items, new Map([...options.diseases, ...options.compounds].map((o) => [o.value, o.label])));
  return {
    next: result.next,
    restarted: result.restarted,
    items: result.items.map((e) => ({
      id: String(e._id),
      title: e.title,
      type: e.type,
      colour: eventColour(eventCategory(e.type)),
      summary: plainText(e.description),
      start: e.startDateTime.toISOString(),
      end: e.endDateTime.toISOString(),
      timezone: e.timezone,
      important: Boolean(e.isImportant),
      disease: e.disease ? (names.get(String(e.disease)) ?? null) : null,
      compound: e.compound ? (names.get(String(e.compound)) ?? null) : null,
    })),
  };
}
export type EventCard = Awaited<ReturnType<typeof listEventsPage>>["items"][number];

/** Names of the diseases and compounds of a page of events: those `known` has, and two queries at most for the rest. */
async function namesOf(events: Array<{ disease?: unknown; compound?: unknown }>, known = new Map<string, string>()) {
  const unknown = (key: "disease" | "compound") => idsOf(events, (e) => (known.has(String(e[key])) ? null : e[key]));
  const [diseases, compounds] = await Promise.all([findByIds(Disease, unknown("disease"), "name"), compoundNamesOf(unknown("compound"))]);
  return new Map<string, string>([...known, ...diseases.map((d) => [String(d._id), d.name] as const), ...compounds]);
}

/** The events feed's filter choices: the diseases the user may see in the client and their areas, the compounds of those
 *  diseases, and the four types. */
export function eventFilterOptions({ user, client }: { user: SessionUser; client: PermittedClient }) {
  return oncePerRequest(`event options ${user._id} ${client.id}`, () => readEventFilterOptions(user, client));
}

async function readEventFilterOptions(user: SessionUser, client: PermittedClient) {
  await connectDb();
  const granted = diseasesIn(user, client.id);
  // The lists are sorted in the database too (see totalOrder), then again below by the reader's collation.
  const [diseases, compounds] = await Promise.all([
    Disease.find({ client: client.id, ...(granted ? { _id: trusted({ $in: granted }) } : {}) })
      .select("name therapeuticArea areaName")
      .sort(totalOrder("name"))
      .lean(),
    Compound.find({ client: client.id, ...(granted ? { disease: trusted({ $in: granted }) } : {}) })
      .select("name")
      .sort(totalOrder("name.generic"))
      .lean(),
  ]);
  // The areas of those diseases (an area without one has no events to filter), named by the diseases, which carry their
  // area's name; read only while one of them does not yet (saved before, until the scheduler's one-time fill).
  const areaIds = new Set(diseases.map((d) => String(d.therapeuticArea)));
  const areas = diseases.every((d) => d.areaName)
    ? new Map(diseases.map((d) => [String(d.therapeuticArea), d.areaName!]))
    : new Map((await listPermittedAreas({ user, client })).filter((a) => areaIds.has(a.id)).map((a) => [a.id, a.name]));
  return {
    areas: [...areas].map(([value, label]) => ({ value, label })).sort(byLabel),
    diseases: diseases.map((d) => ({ value: String(d._id), label: d.name, area: String(d.therapeuticArea) })).sort(byLabel),
    compounds: compounds
      .map((c) => ({ value: String(c._id), label: compoundName(c) }))
      .filter((c) => c.label)
      .sort(byLabel),
    types: [...EVENT_TYPES],
  };
}

/** An active event of a disease the user may see in one of their clients (the .ics download), or null. */
export async function findPermittedEvent({ user, id }: { user: SessionUser; id: string | undefined }) {
  if (!isObjectId(id)) return null;
  await connectDb();
  const event = await Event.findOne({ _id: id, status: "active" })
    .select("title type description client disease startDateTime endDateTime timezone")
    .lean();
  if (!event?.client) return null;
  const client = (await listPermittedClients({ user })).find((c) => c.id === String(event.client));
  if (!client) return null;
  const granted = diseasesIn(user, client.id);
  return granted && !(event.disease && granted.includes(String(event.disease))) ? null : event;
}

// ---- The administration console's events (admin-console §2–§5, issue 13) ----
// Editors and admins manage the events of the diseases they hold (the top-level admin: all), as keywords; every change
// goes to the change log. Times are stored as instants (UTC) with the event's zone; the form shows them in the zone.

const MANAGED_FIELDS =
  "title type description client therapeuticArea disease compound startDateTime endDateTime timezone isImportant status";

/** One page of the Events List, by title, with the words typed (each must begin a word of the title). Served by
 *  { disease, title, _id } within held diseases, { title } between fences for the top-level admin, { searchTokens }. */
export const listManagedEventsPage = (query: HeldPageQuery) =>
  findHeldPage(Event, query, {
    field: "title",
    select: "title type client therapeuticArea disease compound startDateTime endDateTime status",
  });

type ManagedEventItem = Awaited<ReturnType<typeof listManagedEventsPage>>["items"][number];

/** The list's rows: a page's events with the names of their client, area, disease and compound (four queries a page). */
export async function managedEventRows(items: ManagedEventItem[], user: SessionUser) {
  const [placeOf, names] = await Promise.all([scopeNamesOf(items, user), namesOf(items.map((e) => ({ compound: e.compound })))]);
  return items.map((e) => ({
    id: String(e._id),
    title: e.title,
    type: e.type,
    ...placeOf(e),
    compound: e.compound ? (names.get(String(e.compound)) ?? "") : "",
    start: e.startDateTime.toISOString(),
    end: e.endDateTime.toISOString(),
    status: e.status ?? "active",
  }));
}

/** An event of a disease the user holds (any, for the top-level admin); null otherwise — the same for an unknown id. */
export const findManagedEvent = (query: HeldRecordQuery) => findHeld(Event, query, MANAGED_FIELDS);
export type ManagedEvent = NonNullable<Awaited<ReturnType<typeof findManagedEvent>>>;

/** What the event form edits: client, area, disease and compound already checked against the user's permissions;
 *  the description as the browser sent it (sanitised here before it is stored). */
export interface EventValues {
  title: string;
  type: (typeof EVENT_TYPES)[number];
  description: string;
  client: string;
  therapeuticArea: string;
  disease: string;
  compound: string | null;
  startDateTime: Date;
  endDateTime: Date;
  timezone: string;
  isImportant: boolean;
  status: (typeof ACTIVE_STATUSES)[number];
}

type Audited = {
  title: string;
  type: string;
  description?: string | null;
  client?: unknown;
  therapeuticArea?: unknown;
  disease?: unknown;
  compound?: unknown;
  startDateTime: Date;
  endDateTime: Date;
  timezone: string;
  isImportant?: boolean | null;
  status?: string | null;
};
const audited = (e: Audited) => ({
  title: e.title,
  type: e.type,
  description: e.description ?? "",
  client: String(e.client ?? ""),
  therapeuticArea: String(e.therapeuticArea ?? ""),
  disease: String(e.disease ?? ""),
  compound: String(e.compound ?? ""),
  startDateTime: e.startDateTime.toISOString(),
  endDateTime: e.endDateTime.toISOString(),
  timezone: e.timezone,
  isImportant: Boolean(e.isImportant),
  status: e.status ?? "active",
});
/** What is stored of the values: the description sanitised, and what the reports show of the compound (one query). */
async function stored(values: EventValues) {
  await connectDb();
  const facts = values.compound ? (await compoundFactsOf([values.compound])).get(values.compound) : undefined;
  return { ...values, description: sanitizeRichText(values.description), compoundFacts: facts ?? null };
}

export async function createEvent({ actor, values }: { actor: SessionUser; values: EventValues }) {
  const fields = await stored(values);
  const event = new Event(fields);
  return createRecorded(event, { actor, entity: "event", name: event.title, after: audited(fields) });
}

export async function updateEvent({ actor, event, values }: { actor: SessionUser; event: ManagedEvent; values: EventValues }) {
  const fields = await stored(values);
  await updateRecorded(Event, {
    actor,
    entity: "event",
    record: event,
    name: values.title,
    set: fields,
    before: audited(event),
    after: audited(fields),
  });
}

/** The row menu's status switch (admin-console §4). */
export async function setEventStatus({ actor, event, status }: { actor: SessionUser; event: ManagedEvent; status: EventValues["status"] }) {
  await setStatusRecorded(Event, { actor, entity: "event", record: event, name: event.title, status });
}

export async function deleteEvent({ actor, event }: { actor: SessionUser; event: ManagedEvent }) {
  await deleteRecorded(Event, { actor, entity: "event", record: event, name: event.title, before: audited(event) });
}
