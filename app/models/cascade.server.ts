import { isObjectId } from "#common/ids";
import { areaNotPermitted, clientNotPermitted } from "#common/messages";
import { connectDb } from "#db/connection.server";
import { Client, TherapeuticArea } from "#db/models/index.server";
import type { SelectOption } from "~/utils/options";
import type { SessionUser } from "~/utils/session.server";

import { compoundOptionsOf } from "./compound.server";
import { listPermittedDiseases } from "./disease.server";
import { listPermittedClients } from "./permitted-client.server";
import { listPermittedAreas } from "./therapeutic-area.server";

// Filing a record under client → therapeutic area → disease (user-app §4 cascades): the choices a user has at each
// level, and whether a selection is one they may file a record under.

export type ScopeSelection = { user: SessionUser; client?: string | null; area?: string | null; disease?: string | null };

/**
 * The choices of the cascade for a selection: the clients the user holds, the areas they hold in the chosen client,
 * the diseases they hold in the chosen area (the top-level admin: all). A choice outside what they hold yields no
 * dependent options (`scopeProblem` says why). `chosen`: the choices that are theirs.
 */
export async function scopeOptions({ user, client, area, disease }: ScopeSelection) {
  await connectDb();
  const clients = await listPermittedClients({ user });
  const chosenClient = clients.find((c) => c.id === client);
  const areas = chosenClient ? await listPermittedAreas({ user, client: chosenClient }) : [];
  const chosenArea = areas.find((a) => a.id === area);
  const diseases = chosenArea ? await listPermittedDiseases({ user, area: chosenArea }) : [];
  const chosenDisease = chosenArea ? diseases.find((d) => d.id === disease) : undefined;
  const option = (value: string, label: string): SelectOption => ({ value, label });
  return {
    options: {
      clients: clients.map((c) => option(c.id, c.name)),
      areas: areas.map((a) => option(a.id, a.name)),
      diseases: diseases.map((d) => option(d.id, d.name)),
    },
    chosen: {
      client: chosenClient,
      area: chosenArea,
      disease: chosenDisease && chosenArea ? { id: chosenDisease.id, areaId: chosenArea.id, clientId: chosenArea.clientId } : undefined,
    },
  };
}
export type ScopeOptions = Awaited<ReturnType<typeof scopeOptions>>["options"];

/** The cascade's choices and the chosen disease's compounds (news, events); `keep`: compounds the record already names
 *  stay choosable (see `compoundOptionsOf`). */
export async function scopeOptionsWithCompounds({ keep, ...selection }: ScopeSelection & { keep?: string[] }) {
  const scope = await scopeOptions(selection);
  return { ...scope.options, compounds: scope.chosen.disease ? await compoundOptionsOf(scope.chosen.disease, keep) : [] };
}
export type ScopeField = "client" | "therapeuticArea" | "disease";

/**
 * Whether a selection is one the user may file a record under: a client they hold, an area they hold in it, a disease
 * they hold in that area. What is not chosen yet is the form's to ask for ('Field Required'). The spec's messages for
 * a client or an area outside their permissions (user-app §8; the area's worded like the client's).
 */
export async function scopeProblem({
  values,
  options,
}: {
  values: { client: string; therapeuticArea: string; disease: string };
  options: ScopeOptions;
}): Promise<{ field: ScopeField; message: string } | null> {
  const has = (list: SelectOption[], id: string) => list.some((o) => o.value === id);
  if (values.client && !has(options.clients, values.client)) {
    const client = isObjectId(values.client) ? await Client.findById(values.client).select("name").lean() : null;
    return { field: "client", message: clientNotPermitted(client?.name ?? values.client) };
  }
  if (values.client && values.therapeuticArea && !has(options.areas, values.therapeuticArea)) {
    const area = isObjectId(values.therapeuticArea) ? await TherapeuticArea.findById(values.therapeuticArea).select("name").lean() : null;
    return { field: "therapeuticArea", message: areaNotPermitted(area?.name ?? values.therapeuticArea) };
  }
  if (values.therapeuticArea && values.disease && !has(options.diseases, values.disease))
    return { field: "disease", message: "Choose a disease of this therapeutic area." };
  return null;
}
