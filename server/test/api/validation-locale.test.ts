import { createTestApp, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A registration the contract refuses: a malformed email and a two-letter name is fine, no password. */
const refused = { name: "Ada", email: "not-an-email", phone_number: "+44 20 7946 0958" };

describe("422 field messages in the request's language", () => {
  it("answers Spanish for Accept-Language: es and writes nothing", async () => {
    const before = await t.count("otps");
    const res = await t.post("/register", refused, { headers: { "accept-language": "es" } });
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe("Los datos enviados no son válidos.");
    expect(res.body.errors?.email).toEqual(["Introduce una dirección de correo válida."]);
    expect(res.body.errors?.password).toEqual(["Este campo es obligatorio."]);
    expect(await t.count("otps")).toBe(before);
  });

  it("uses the ICU plural of the catalogue (a too-short password in Arabic and Spanish)", async () => {
    const body = { ...refused, email: uniqueEmail("locale"), password: "short", password_confirmation: "short" };
    const es = await t.post("/register", body, { headers: { "accept-language": "es-MX,es;q=0.9" } });
    expect(es.statusCode).toBe(422);
    expect(es.body.errors?.password?.[0]).toMatch(/^Escribe al menos \d+ caracteres\.$/);
    const ar = await t.post("/register", body, { headers: { "accept-language": "ar" } });
    expect(ar.body.errors?.password?.[0]).toMatch(/على الأقل/);
  });

  it("keeps the contract's own English wording for English and for no or unknown languages", async () => {
    for (const language of [undefined, "en-GB", "ja"]) {
      const headers: Record<string, string> = language ? { "accept-language": language } : {};
      const res = await t.post("/register", refused, { headers });
      expect(res.statusCode).toBe(422);
      expect(res.body.message).toBe("The given data was invalid.");
      expect(res.body.errors?.email?.[0]).not.toBe("Introduce una dirección de correo válida.");
      expect(res.body.errors?.email?.[0]).toMatch(/email/i);
    }
  });
});
