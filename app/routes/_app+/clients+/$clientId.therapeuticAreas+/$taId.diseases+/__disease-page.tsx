import type { ReactNode } from "react";

import { Breadcrumbs } from "~/components/breadcrumbs";

// What the add, edit and delete pages of a disease share: the address of the area's diseases (where they go back to)
// and the page with its trail.

type Named = { id: string; name: string };

/** The list of an area's diseases. */
export const diseasesAddress = (client: { id: string }, area: { id: string }) =>
  `/clients/${client.id}/therapeuticAreas/${area.id}/diseases`;

/** A narrow page under the trail Clients › client › area (› disease) › `step`. */
export function DiseasePage({
  client,
  area,
  disease,
  step,
  children,
}: {
  client: Named;
  area: Named;
  disease?: Named;
  step: string;
  children: ReactNode;
}) {
  return (
    <section className="page narrow">
      <Breadcrumbs
        items={[
          { label: "Clients", to: "/dashboard" },
          { label: client.name, to: `/clients/${client.id}/therapeuticAreas` },
          { label: area.name, to: diseasesAddress(client, area) },
          ...(disease ? [{ label: disease.name }] : []),
          { label: step },
        ]}
      />
      {children}
    </section>
  );
}
