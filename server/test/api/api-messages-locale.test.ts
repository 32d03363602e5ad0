import { createTestApp, expectError, type TestApp, uniqueEmail } from "../helpers/app";
import { BUSINESS_FIELDS, multipart } from "../helpers/dashboard";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (language?: string): Record<string, string> => (language ? { "accept-language": language } : {});

async function addBusiness(token: string, language?: string) {
  const body = await multipart({ ...BUSINESS_FIELDS, business_name: `Café ${uniqueEmail("b")}` });
  return t.post("/add-business", undefined, { token, headers: as(language), ...body });
}

async function wrongLogin(language?: string) {
  const { email } = await t.createUser();
  return t.post("/login", { email, password: "not the password" }, { headers: as(language) });
}

async function registerTaken(language?: string) {
  const { email } = await t.createUser();
  const body = { name: "Ada", email, phone_number: "+44 20 7946 0958", password: "long enough pw" };
  return t.post("/register", { ...body, password_confirmation: body.password }, { headers: as(language) });
}

describe("the API's own sentences in the request's language", () => {
  it("answers a success, a business-rule refusal and a field error in Spanish", async () => {
    const token = await t.tokenFor((await t.createUser()).id);
    const added = await addBusiness(token, "es-ES,es;q=0.9,en;q=0.5");
    expect(added.statusCode).toBe(201);
    expect(added.body.message).toBe("Negocio añadido correctamente.");

    expectError(await wrongLogin("es"), 401, "Estas credenciales no coinciden con nuestros registros.");

    const taken = await registerTaken("es");
    expectError(taken, 422, "Este correo electrónico ya está en uso.");
    expect(taken.body.errors).toEqual({ email: ["Este correo electrónico ya está en uso."] });
  });

  it("answers Arabic, plurals included, and a plan refusal in the same language", async () => {
    const token = await t.tokenFor((await t.createUser()).id);
    expect((await addBusiness(token, "ar")).body.message).toBe("تمت إضافة النشاط التجاري بنجاح.");
    expectError(await wrongLogin("ar"), 401, "بيانات الاعتماد هذه لا تطابق سجلاتنا.");

    // A wrong code with attempts left: the count in Arabic's own plural form.
    const { email } = await t.register();
    const wrong = await t.post(
      "/otp-verify",
      { email, otp: (await t.lastOtp(email)) === "000000" ? "111111" : "000000", purpose: "register" },
      { headers: as("ar") },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body.errors).toEqual({ otp: ["الرمز غير صحيح. تتبقى 4 محاولات."] });

    const planless = await t.tokenFor((await t.createUser({ plan: false })).id);
    const refused = await addBusiness(planless, "ar");
    expectError(refused, 403, "خطتك غير فعّالة. اختر خطة أولًا.");
    expect(refused.body.errors).toEqual({ plan: ["خطتك غير فعّالة. اختر خطة أولًا."] });
  });

  it("says the defaults (404, a body that is not JSON) in the language too", async () => {
    expectError(await t.get("/no-such-call", { headers: as("fr") }), 404, "Introuvable.");
    const broken = await t.post("/login", undefined, {
      raw: "{not json",
      contentType: "application/json",
      headers: as("de"),
    });
    expectError(broken, 422, "Die übermittelten Daten sind ungültig.");
    expect(broken.body.errors).toEqual({ _: ["Der Inhalt der Anfrage ist kein gültiges JSON."] });
  });

  it("keeps today's English exactly for English, no language or one we do not speak", async () => {
    const token = await t.tokenFor((await t.createUser()).id);
    for (const language of [undefined, "en", "en-US", "ja"]) {
      expect((await addBusiness(token, language)).body.message).toBe("Business added successfully.");
      expectError(await wrongLogin(language), 401, "These credentials do not match our records.");
      const taken = await registerTaken(language);
      expectError(taken, 422, "The email has already been taken.");
      expect(taken.body.errors).toEqual({ email: ["The email has already been taken."] });
    }
  });

  it("keeps the sign-out answer English in every language: the BFF and the browser match its text", async () => {
    expectError(await t.get("/user-profile", { headers: as("es") }), 401, "Unauthenticated.");
  });
});
