import { describe, expect, test } from "vitest";

import { ChangePasswordSchema } from "~/routes/_app+/change-password";
import { ResetPasswordSchema } from "~/routes/_auth+/reset.($token)";
import { PasswordSchema } from "~/utils/user-validation";

const messages = (value: unknown) => {
  const result = PasswordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("password rules (user-app §5)", () => {
  test("empty is 'Required' only", () => {
    expect(messages("")).toEqual(["Required"]);
    expect(messages(undefined)).toEqual(["Required"]);
  });
  test.each([
    ["abcdefghiJ#", ["At least One Number"]],
    ["ABCDEFGHI1#", ["At least One Lower Case letter"]],
    ["abcdefghi1#", ["At least One Upper Case letter"]],
    ["abcdefghI12", ["Must Contain one of #$@!%&*?.^()-_,{}"]],
    ["aB1#", ["Minimum 10 character long!"]],
  ])("%s fails exactly one rule", (value, expected) => {
    expect(messages(value)).toEqual(expected);
  });
  test("every failing rule is reported together", () => {
    expect(messages("a")).toEqual([
      "At least One Number",
      "At least One Upper Case letter",
      "Must Contain one of #$@!%&*?.^()-_,{}",
      "Minimum 10 character long!",
    ]);
  });
  test.each(["#", "$", "@", "!", "%", "&", "*", "?", ".", "^", "(", ")", "-", "_", ",", "{", "}"])(
    "'%s' counts as a special character",
    (c) => {
      expect(messages(`Abcdefgh1${c}`)).toEqual([]);
    },
  );
  test("confirmation must match: 'Passwords must match' on confirmPass", () => {
    const result = ResetPasswordSchema.safeParse({ newPassword: "Abcdefgh1#", confirmPass: "Abcdefgh1$" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPass"], message: "Passwords must match" })]);
  });
  test("change password needs the current password", () => {
    const result = ChangePasswordSchema.safeParse({ currPassword: "", newPassword: "Abcdefgh1#", confirmPass: "Abcdefgh1#" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["currPassword"], message: "Required" })]);
  });
});
