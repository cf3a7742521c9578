import { describe, expect, test } from "vitest";

import { sanitizeRichText } from "~/utils/rich-text.server";

import { dangers, PAYLOADS } from "../xss";

describe("rich text is sanitised on the server", () => {
  test(`${PAYLOADS.length} XSS payloads: nothing that could run survives`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of PAYLOADS) expect(dangers(sanitizeRichText(payload)), payload).toEqual([]);
  });

  test("an editor's formatting and safe links are kept, links open outside with rel noopener", () => {
    expect(
      sanitizeRichText(
        '<p>Data from <strong>AAIC</strong>, see <a href="https://example.com/a">the abstract</a>.</p><ul><li>one</li></ul>',
      ),
    ).toBe(
      '<p>Data from <strong>AAIC</strong>, see <a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">the abstract</a>.</p><ul><li>one</li></ul>',
    );
    expect(sanitizeRichText('<p style="color:red" class="x">Plain</p>')).toBe("<p>Plain</p>");
    expect(sanitizeRichText(null)).toBe("");
  });
});
