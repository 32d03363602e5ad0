import { z } from "zod";
import { fieldErrors, messages } from "./envelope";

const errorOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected the value to be invalid");
  return parsed.error;
};

describe("fieldErrors", () => {
  it("groups messages by field, in order", () => {
    const schema = z.object({
      email: z.string().min(5, "too short").regex(/@/, "needs an @"),
      name: z.string({ error: "name required" }),
    });
    expect(fieldErrors(errorOf(schema, { email: "abc" }))).toEqual({
      email: ["too short", "needs an @"],
      name: ["name required"],
    });
  });

  it("joins nested paths with dots", () => {
    const schema = z.object({
      address: z.object({ zip: z.string({ error: "zip required" }) }),
      tags: z.array(z.string({ error: "tag must be text" })),
    });
    expect(fieldErrors(errorOf(schema, { address: {}, tags: ["ok", 3] }))).toEqual({
      "address.zip": ["zip required"],
      "tags.1": ["tag must be text"],
    });
  });

  it("puts issues without a path under _", () => {
    expect(fieldErrors(errorOf(z.object({ a: z.string() }), null))).toEqual({ _: [expect.any(String)] });
    expect(fieldErrors(errorOf(z.string({ error: "text please" }), 1))).toEqual({ _: ["text please"] });
  });

  it("keeps a refinement's own path", () => {
    const schema = z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a === v.b, { message: "must match", path: ["b"] });
    expect(fieldErrors(errorOf(schema, { a: "x", b: "y" }))).toEqual({ b: ["must match"] });
  });
});

describe("messages", () => {
  it("keeps, word for word, the texts existing clients match on (Unauthenticated. signs them out)", () => {
    expect(messages.unauthenticated).toBe("Unauthenticated.");
    expect(messages.serviceUnavailable).toBe("Service unavailable, please try again");
  });
});
