import { test, expect } from "@playwright/test";
import { User } from "#db/models/user.server";
import { connectDb } from "#db/connection.server";
import { hashPassword } from "~/utils/password.server";
test("probe", async () => {
  await connectDb(process.env.E2E_MONGODB_URI);
  expect(typeof hashPassword).toBe("function");
  console.log(await User.countDocuments());
});
