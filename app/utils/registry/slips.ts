import type { RegistryMove } from "#workers/engine/diff";
import type { TrialSlip } from "#workers/engine/model";

import { formatDay } from "../dates";

// How a move of a trial's primary completion date seen in the registry reads, wherever it is shown: a report's
// marker and tables, the monitoring job's notice.

const slipDate = (iso: string | null) => (iso ? formatDay(`${iso}T00:00:00Z`) : "unknown");

/** "NCT04468659: primary completion moved from 01/10/2027 to 01/03/2028 (registry, seen 20/11/2026)". */
export const slipText = (slips: readonly Pick<TrialSlip, "trial" | "from" | "to" | "seenAt">[]) =>
  slips
    .map((s) => `${s.trial}: primary completion moved from ${slipDate(s.from)} to ${slipDate(s.to)} (registry, seen ${slipDate(s.seenAt)})`)
    .join("; ");

/** The slip marker's sign: a later date (a delay) or an earlier one. */
export const SLIP_MARK = "⏱";

/** A registry move of a trial a report's row names, for "What changed": "Leqembi SC — NCT…: primary completion moved …". */
export const registryText = ({ product, slip }: RegistryMove) => `${product ? `${product} — ` : ""}${slipText([slip])}`;
