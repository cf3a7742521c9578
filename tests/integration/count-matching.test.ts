import { describe, expect, test } from "vitest";

import { countMatching, trusted } from "#db/connection.server";
import { Company } from "#db/models/index.server";

import { uniqueTag } from "../db-utils";

// The app counts with the `count` command (countMatching) rather than countDocuments' aggregation: the same answers,
// with the filter sanitised and cast as mongoose's own queries are (db/connection.server.ts).

describe("countMatching", () => {
  test("counts what countDocuments counts, stops past the limit, and refuses an operator sent in a request as mongoose does", async () => {
    const tag = uniqueTag();
    const parent = await Company.create({ name: `Parent ${tag}`, type: "Pharmaceutical" });
    await Company.create(
      Array.from({ length: 5 }, (_, i) => ({ name: `Child ${i} ${tag}`, type: "Biotech" as const, parentCompany: parent._id })),
    );
    // An id as a string (as routes pass them) is cast to the ObjectId stored.
    const children = { parentCompany: String(parent._id) };
    expect(await countMatching(Company, children)).toBe(5);
    expect(await countMatching(Company, children)).toBe(await Company.countDocuments(children));
    expect(await countMatching(Company, children, 3)).toBe(3);
    // Our own operators count as operators; an operator that came with a request is refused as a value, as mongoose's
    // own queries refuse it.
    expect(await countMatching(Company, { parentCompany: parent._id, name: trusted({ $ne: `Child 0 ${tag}` }) })).toBe(4);
    const sent = () => ({ parentCompany: parent._id, name: { $ne: `Child 0 ${tag}` } });
    await expect(Company.countDocuments(sent())).rejects.toThrow(/Cast to string failed/);
    await expect(countMatching(Company, sent())).rejects.toThrow(/Cast to string failed/);
    // A path the schema does not have is refused, as in any query.
    await expect(countMatching(Company, { nonsense: 1 })).rejects.toThrow(/nonsense/);
  });
});
