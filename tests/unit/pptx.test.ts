import { expect, test } from "vitest";

import { xmlText } from "~/utils/pptx.server";

// What a deck's texts keep (issue 24): every character XML 1.0 allows, nothing it forbids.
test("xmlText leaves out C0 controls but tab and line breaks, U+FFFE/U+FFFF and lone surrogates; keeps everything else", () => {
  expect(xmlText("a\u0000b\u0001c\u0008d\u000be\u000cf\u000eg\u001fh")).toBe("abcdefgh");
  expect(xmlText("tab\tline\nreturn\r")).toBe("tab\tline\nreturn\r");
  expect(xmlText("x\ufffey\uffffz")).toBe("xyz");
  expect(xmlText("lone \ud800high, lone \udc00low, \udc00\ud800 reversed")).toBe("lone high, lone low,  reversed");
  expect(xmlText("pair 😀, accents é, CJK 漢字, \u007f\u0085 (allowed by XML 1.0)")).toBe(
    "pair 😀, accents é, CJK 漢字, \u007f\u0085 (allowed by XML 1.0)",
  );
});
