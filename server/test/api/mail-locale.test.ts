import { sql } from "drizzle-orm";
import { createTestApp, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setLocale = (userId: number, locale: string | null) =>
  t.query(sql`update users set locale = ${locale} where id = ${userId}`);

describe("mails in the owner's language (users.locale)", () => {
  it("sends a Spanish password-reset code to an owner whose profile is in Spanish", async () => {
    const owner = await t.createUser();
    await setLocale(owner.id, "es");

    expect((await t.post("/forgot-password", { email: owner.email })).statusCode).toBe(200);

    const [mail] = await t.mailsTo(owner.email);
    expect(mail!.subject).toMatch(/^\d{6} es tu código de Loyalty Cards$/);
    expect(mail!.text).toContain("Restablece tu contraseña");
    expect(mail!.text).toContain("Usa este código para restablecer tu contraseña de Loyalty Cards:");
    expect(mail!.text).toContain("El código caduca en 10 minutos.");
    expect(mail!.html).toContain('<html lang="es" dir="ltr">');
    // The code in it still works.
    const verify = await t.post("/otp-verify", {
      email: owner.email,
      otp: await t.lastOtp(owner.email),
      purpose: "forgot-password",
    });
    expect(verify.statusCode).toBe(200);
  });

  it("writes an Arabic mail right to left, and English when no language is chosen", async () => {
    const arabic = await t.createUser();
    const english = await t.createUser();
    await setLocale(arabic.id, "ar");

    await t.post("/forgot-password", { email: arabic.email });
    await t.post("/forgot-password", { email: english.email });

    const [ar] = await t.mailsTo(arabic.email);
    expect(ar!.subject).toMatch(/^\d{6} هو رمزك في Loyalty Cards$/);
    expect(ar!.html).toContain('<html lang="ar" dir="rtl">');
    const [en] = await t.mailsTo(english.email);
    expect(en!.subject).toMatch(/^\d{6} is your Loyalty Cards code$/);
    expect(en!.text).toContain("reset your password");
  });

  it("invites staff in the inviting owner's language", async () => {
    const owner = await t.createUser({ name: "Ada Owner" });
    await setLocale(owner.id, "fr");
    const email = uniqueEmail("staff");

    const res = await t.post("/add-staff", { name: "Sam Staff", email }, { token: await t.tokenFor(owner.id) });

    expect(res.statusCode).toBe(201);
    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toBe("Ada Owner vous invite sur Loyalty Cards");
    expect(mail!.text).toContain("Ouvrez ce lien pour choisir votre mot de passe : http");
  });
});
