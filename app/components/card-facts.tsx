import { containsReports, counted } from "#common/messages";
import { formatDay } from "~/utils/dates";

// The facts a drill-down card shows under its title (issue 28): what lies inside it, as far as the reader may see.

export function CardFacts({ facts }: { facts: string[] }) {
  return (
    <span className="card-facts">
      {facts.map((fact, i) => (
        <span key={i}>{fact}</span>
      ))}
    </span>
  );
}

export const clientFacts = (c: { areas: number; diseases: number }) => [
  counted(c.areas, "therapeutic area"),
  counted(c.diseases, "disease"),
];

export const areaFacts = (a: { diseases: number; reports: number }) => [counted(a.diseases, "disease"), counted(a.reports, "report")];

export const diseaseFacts = (d: { reportCount: number; sheetReadAt: string | null; upcomingEvents: number }) => [
  containsReports(d.reportCount),
  d.sheetReadAt ? `Sheet read ${formatDay(d.sheetReadAt)}` : "Sheet not read yet",
  counted(d.upcomingEvents, "upcoming event"),
];
