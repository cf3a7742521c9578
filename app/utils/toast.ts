import { z } from "zod";

export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id" | "type"> & Partial<Pick<Toast, "id" | "type">>;
