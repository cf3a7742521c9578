// Access as the permissions picker shows it (admin-console §2 "User form"): a tree of clients → therapeutic areas →
// diseases, and each grant as a key "client.area.disease". The picker's buttons work the same in the browser (with
// JavaScript) and in the action (without), through `applyPickerIntent`.

export interface AccessTree {
  clients: Array<{ id: string; name: string; areas: Array<{ id: string; name: string; diseases: Array<{ id: string; name: string }> }> }>;
}
type Client = AccessTree["clients"][number];
type Area = Client["areas"][number];

export const grantKey = (client: unknown, area: unknown, disease: unknown) => `${String(client)}.${String(area)}.${String(disease)}`;
export const GRANT_KEY = /^[0-9a-f]{24}\.[0-9a-f]{24}\.[0-9a-f]{24}$/;

export const areaKeys = (client: Client, area: Area) => area.diseases.map((d) => grantKey(client.id, area.id, d.id));

/** Every grant key of a tree. */
export const treeKeys = (tree: AccessTree) => tree.clients.flatMap((c) => c.areas.flatMap((a) => areaKeys(c, a)));

/** The picker's buttons: 'Grant All', 'Reset', and an area's 'Select All' ("select-area:<client>.<area>"). */
export type PickerIntent = "grant-all" | "reset" | `select-area:${string}`;
export const isPickerIntent = (value: unknown): value is PickerIntent =>
  value === "grant-all" || value === "reset" || (typeof value === "string" && /^select-area:[0-9a-f]{24}\.[0-9a-f]{24}$/.test(value));

/** The choice after a picker button: 'Grant All' every held grant, 'Reset' none, 'Select All' adds an area's. */
export function applyPickerIntent(intent: PickerIntent, chosen: ReadonlySet<string>, tree: AccessTree): Set<string> {
  if (intent === "grant-all") return new Set(treeKeys(tree));
  if (intent === "reset") return new Set();
  const [clientId, areaId] = intent.slice("select-area:".length).split(".");
  const client = tree.clients.find((c) => c.id === clientId);
  const area = client?.areas.find((a) => a.id === areaId);
  return new Set([...chosen, ...(client && area ? areaKeys(client, area) : [])]);
}

/** What the picker's filter box shows: clients, areas and diseases whose names contain the text (case-insensitive);
 *  a matching client or area shows all it holds. Null: no filter. */
export function pickerVisibility(tree: AccessTree, filter: string) {
  const text = filter.trim().toLowerCase();
  if (!text) return null;
  const hit = (name: string) => name.toLowerCase().includes(text);
  const shown = new Set<string>(); // client ids, "client.area" and grant keys
  for (const c of tree.clients) {
    for (const a of c.areas) {
      const all = hit(c.name) || hit(a.name);
      const diseases = a.diseases.filter((d) => all || hit(d.name));
      if (diseases.length === 0) continue;
      shown.add(c.id).add(`${c.id}.${a.id}`);
      for (const d of diseases) shown.add(grantKey(c.id, a.id, d.id));
    }
  }
  return shown;
}
