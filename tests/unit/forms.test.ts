// @vitest-environment jsdom
// The form fields every screen uses: a label tied to its control, errors announced with the field, the values a form
// posts — without JavaScript (the server's markup) and with it (chips).
import { act, createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";

import { CheckboxField, CheckboxGroupField, ChipsField, Field, FileField, SelectField, TextareaField } from "~/components/forms";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The server's markup, as a browser without JavaScript gets it. */
function serverDom(element: ReturnType<typeof h>) {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(element);
  return host;
}

describe("form fields", () => {
  test.each([
    [
      "input",
      h(Field, { label: "Title", inputProps: { id: "f-title", name: "title" }, errors: ["Field Required"], hint: "Shown on cards" }),
      "input",
    ],
    [
      "textarea",
      h(TextareaField, {
        label: "Title",
        textareaProps: { id: "f-title", name: "title" },
        errors: ["Field Required"],
        hint: "Shown on cards",
      }),
      "textarea",
    ],
    [
      "select",
      h(SelectField, {
        label: "Title",
        selectProps: { id: "f-title", name: "title" },
        options: [{ value: "a", label: "A" }],
        errors: ["Field Required"],
        hint: "Shown on cards",
      }),
      "select",
    ],
    [
      "file",
      h(FileField, { label: "Title", inputProps: { id: "f-title", name: "title" }, errors: ["Field Required"], hint: "Shown on cards" }),
      "input[type=file]",
    ],
  ])("a %s is labelled, marked invalid and described by its hint and errors", (_, element, selector) => {
    const host = serverDom(element);
    const control = host.querySelector<HTMLElement>(selector)!;
    expect(host.querySelector(`label[for="f-title"]`)?.textContent).toBe("Title");
    expect(control.id).toBe("f-title");
    expect(control.getAttribute("aria-invalid")).toBe("true");
    const described = control
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((id) => host.querySelector(`#${id}`)?.textContent);
    expect(described).toEqual(["Field Required", "Shown on cards"]);
  });

  test("a field without errors is not marked invalid", () => {
    const host = serverDom(h(Field, { label: "Name", inputProps: { id: "n", name: "n" } }));
    expect(host.querySelector("input")!.hasAttribute("aria-invalid")).toBe(false);
    expect(host.querySelector("input")!.hasAttribute("aria-describedby")).toBe(false);
  });

  test("a select offers an empty first choice only when asked", () => {
    const options = [
      { value: "1", label: "High" },
      { value: "2", label: "Medium" },
    ];
    const plain = serverDom(h(SelectField, { label: "Priority", selectProps: { id: "p", name: "p" }, options }));
    expect([...plain.querySelectorAll("option")].map((o) => o.value)).toEqual(["1", "2"]);
    const optional = serverDom(h(SelectField, { label: "Priority", selectProps: { id: "p", name: "p" }, options, placeholder: "None" }));
    expect([...optional.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["None", "High", "Medium"]);
  });

  test("checkboxes: one with its label, a group posting each chosen value under one name", () => {
    const one = serverDom(h(CheckboxField, { label: "Verified", inputProps: { id: "v", name: "verified", defaultChecked: true } }));
    expect(one.querySelector<HTMLInputElement>("input[type=checkbox]")!.checked).toBe(true);
    expect(one.querySelector("label")!.textContent).toContain("Verified");
    const group = serverDom(
      h(CheckboxGroupField, {
        legend: "Reports",
        name: "reports",
        errorId: "r-error",
        options: [
          { value: "a", label: "A" },
          { value: "b", label: "B" },
        ],
        defaultValue: ["b"],
        errors: ["Pick one"],
      }),
    );
    expect(group.querySelector("legend")!.textContent).toBe("Reports");
    expect([...group.querySelectorAll<HTMLInputElement>("input[name=reports]")].map((i) => [i.value, i.checked])).toEqual([
      ["a", false],
      ["b", true],
    ]);
    expect(group.querySelector("fieldset")!.getAttribute("aria-describedby")).toBe("r-error");
    expect(group.querySelector("#r-error")!.textContent).toBe("Pick one");
  });

  test("chips: a comma-separated text input without JavaScript", () => {
    const host = serverDom(h(ChipsField, { label: "Mesh keywords", id: "mesh", name: "mesh", defaultValue: "amyloid, tau" }));
    const input = host.querySelector<HTMLInputElement>("input#mesh")!;
    expect(input.name).toBe("mesh");
    expect(input.value).toBe("amyloid, tau");
  });

  test("chips with JavaScript: Enter or a comma adds, × removes, and the form posts them comma-separated", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () =>
      root.render(h("form", null, h(ChipsField, { label: "Mesh keywords", id: "mesh", name: "mesh", defaultValue: "amyloid, tau" }))),
    );
    const posted = () => new FormData(host.querySelector("form")!).get("mesh");
    const chips = () => [...host.querySelectorAll(".chip")].map((c) => c.firstChild?.textContent);
    expect(chips()).toEqual(["amyloid", "tau"]);
    expect(posted()).toBe("amyloid, tau");

    const input = host.querySelector<HTMLInputElement>("input#mesh")!;
    const type = async (value: string, key: string) => {
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setter.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      await act(async () => void input.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })));
    };
    await type("APOE4", "Enter");
    await type("neuroinflammation", ",");
    expect(chips()).toEqual(["amyloid", "tau", "APOE4", "neuroinflammation"]);
    await act(async () => host.querySelector<HTMLButtonElement>('button[aria-label="Remove tau"]')!.click());
    expect(posted()).toBe("amyloid, APOE4, neuroinflammation");
    await act(async () => root.unmount());
    host.remove();
  });
});
