// What an admin may ask ClinicalTrials.gov for (issue 15), shared by the import form (browser) and the client (server).

export const NCT_ID = /^NCT\d{8}$/;
/** NCT ids per import. */
export const MAX_NCT_IDS = 200;

/** The registry's phase values, searched as AREA[Phase]…, with the words the form shows. */
export const REGISTRY_PHASES = [
  { value: "EARLY_PHASE1", label: "Early Phase 1" },
  { value: "PHASE1", label: "Phase 1" },
  { value: "PHASE2", label: "Phase 2" },
  { value: "PHASE3", label: "Phase 3" },
  { value: "PHASE4", label: "Phase 4" },
  { value: "NA", label: "Not applicable" },
] as const;
export const REGISTRY_PHASE_VALUES = REGISTRY_PHASES.map((p) => p.value) as [string, ...string[]];

/** The NCT ids typed in a box: separated by spaces, commas, semicolons or lines; case ignored; each once. */
export const nctIdsIn = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((t) => t.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/** What is asked of the registry: NCT ids, or a search (`phase`: a registry phase value). */
export type RegistryQuery = { ids: string[]; condition?: string; sponsor?: string; intervention?: string; phase?: string };

/** A query as saved (db/models/registry-sync.server.ts). */
type StoredQuery = { ids?: string[] | null } & { [K in Exclude<keyof RegistryQuery, "ids">]?: string | null };

export const queryOf = (q: StoredQuery | null | undefined): RegistryQuery => ({
  ids: q?.ids ?? [],
  condition: q?.condition ?? undefined,
  sponsor: q?.sponsor ?? undefined,
  intervention: q?.intervention ?? undefined,
  phase: q?.phase ?? undefined,
});

/** A saved query in words, for the import page. */
export function describeQuery(query: StoredQuery | null | undefined) {
  if (query?.ids?.length) return `NCT IDs: ${query.ids.join(", ")}`;
  const phase = REGISTRY_PHASES.find((p) => p.value === query?.phase)?.label;
  const parts = [
    query?.condition && `condition "${query.condition}"`,
    query?.sponsor && `sponsor "${query.sponsor}"`,
    query?.intervention && `intervention "${query.intervention}"`,
    phase && `phase ${phase}`,
  ];
  return `Search: ${parts.filter(Boolean).join(", ")}`;
}
