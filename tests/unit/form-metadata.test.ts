// @vitest-environment jsdom
// conform's field and form metadata are patched (patches/@conform-to+react+1.21.1.patch) to be built once per form
// state instead of at every property read (decision 026). A field read in one render and read again after the form
// changed must still tell the form as it is now.
import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { act, createElement as h, useRef } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, test } from "vitest";
import { z } from "zod";

import { parseForm } from "~/utils/form-schema";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ email: z.string({ error: "Email is required" }).email("Enter a valid email") });

/** A one-field form that also shows what the field read at its first render says now. */
function EmailForm() {
  const [form, fields] = useForm({
    id: "metadata",
    onValidate: ({ formData }) => parseForm(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  const first = useRef<FieldMetadata<string> | null>(null);
  first.current ??= fields.email;
  const formProps = getFormProps(form);
  return h(
    "form",
    {
      ...formProps,
      onSubmit: (event: SubmitEvent & { preventDefault(): void }) => {
        formProps.onSubmit(event as never);
        event.preventDefault();
      },
    },
    h("input", { ...getInputProps(fields.email, { type: "text" }), "aria-label": "Email" }),
    h("p", { id: "now" }, fields.email.errors?.join(" ") ?? "no error"),
    h(
      "p",
      { id: "first" },
      `${first.current.errors?.join(" ") ?? "no error"} | ${first.current.id} | ${String(first.current.value ?? "")}`,
    ),
    h("button", { type: "submit" }, "Send"),
  );
}

describe("conform's metadata, built once per form state", () => {
  test("a field read before the form changed tells the form as it is now", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(h(EmailForm)));
    const form = host.querySelector("form")!;
    const input = host.querySelector("input")!;
    const text = (id: string) => host.querySelector(`#${id}`)!.textContent;
    expect(text("first")).toBe("no error | metadata-email | ");

    await act(async () => form.requestSubmit());
    expect(text("now")).toBe("Email is required");
    expect(text("first")).toBe("Email is required | metadata-email | ");
    expect(input.getAttribute("aria-invalid")).toBe("true");

    input.value = "not an address";
    await act(async () => form.requestSubmit());
    expect(text("first")).toBe("Enter a valid email | metadata-email | not an address");

    input.value = "analyst@pharmascope.test";
    await act(async () => form.requestSubmit());
    expect(text("now")).toBe("no error");
    expect(text("first")).toBe("no error | metadata-email | analyst@pharmascope.test");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    await act(async () => root.unmount());
    host.remove();
  });
});
