import { describe, expect, test } from "vitest";
import * as z from "zod/mini";

import { FIELD_UNREADABLE, FORM_UNREADABLE } from "#common/messages";
import { parseForm } from "~/utils/form-schema";

// The shared form adapter (app/utils/form-schema.ts) against forms no page sends: a single-value field sent twice, a
// field nested under another, a tampered list intent. Each is the form's error, never an exception (a 500): the
// schema's own checks — some of which run on invalid values too — never meet a shape they were not written for.

const Schema = z
  .object({
    title: z.string(),
    ids: z.optional(z.string()),
    tags: z.optional(z.array(z.string())),
    sources: z.optional(z.array(z.object({ name: z.string(), link: z.optional(z.string()) }))),
    priority: z.optional(z.number()),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        // Written for a string, as the registry import's check was.
        if (v.ids && v.ids.split(",").length > 3) ctx.addIssue({ code: "custom", path: ["ids"], message: "Too many" });
      },
      { when: () => true },
    ),
  );

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("form adapter", () => {
  test("a form as its page sends it parses; one value of a list is a list", () => {
    const submission = parseForm(
      form([
        ["title", "T"],
        ["ids", "a,b"],
        ["tags", "x"],
        ["sources[0].name", "S"],
        ["priority", "2"],
      ]),
      { schema: Schema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      title: "T",
      ids: "a,b",
      tags: ["x"],
      sources: [{ name: "S" }],
      priority: 2,
    });
  });

  test.each([
    [
      "a field sent twice",
      [
        ["ids", "a"],
        ["ids", "b"],
      ],
      "ids",
    ],
    ["a field with fields nested under it", [["ids.x", "a"]], "ids"],
    [
      "a number sent twice",
      [
        ["priority", "1"],
        ["priority", "2"],
      ],
      "priority",
    ],
    ["a list of fields where a list of values goes", [["tags[0].x", "a"]], "tags"],
    ["a value where a group of fields goes", [["sources[0]", "a"]], "sources"],
    ["a list longer than any form's", [["tags[5000]", "a"]], "tags"],
  ] as Array<[string, Array<[string, string]>, string]>)("%s: that field's error, not echoed back", (_, entries, field) => {
    const submission = parseForm(form([["title", "T"], ...entries]), { schema: Schema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ [field]: [FIELD_UNREADABLE] });
    expect(submission.reply().initialValue).toEqual({ title: "T" });
  });

  test.each(["garbage", "{}", '{"type":"insert","payload":{"name":"title"}}', '{"type":"insert","payload":{}}'])(
    "a tampered list intent %s: the form's error",
    (intent) => {
      const submission = parseForm(
        form([
          ["title", "T"],
          ["__intent__", intent],
        ]),
        { schema: Schema },
      );
      expect(submission.status).toBe("error");
      expect(submission.reply().error).toEqual({ "": [FORM_UNREADABLE] });
    },
  );
});
