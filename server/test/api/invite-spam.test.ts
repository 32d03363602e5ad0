import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { MAIL_NAME_MAX, nameForMail } from "../../src/services/mail-templates";

// Attacker's findings (invites as spam): the owner's name (100 characters, CR/LF allowed)
// went into the invite mail's subject and body, to any address, 30 an hour.

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SPAM_NAME = `Cheap watches\r\nBcc: victim@example.com\r\n\r\nVisit http://spam.example ${"x".repeat(40)}`;

it("puts the owner's name in the invite without line breaks, shortened", async () => {
  const owner = await t.createUser({ name: SPAM_NAME, plan: "Growth" });
  const token = await t.tokenFor(owner.id);
  const res = await t.post("/add-staff", { name: "Sam", email: "invited-1@example.com" }, { token });
  expect(res.statusCode).toBe(201);
  const [mail] = await t.mailsTo("invited-1@example.com");
  expect(mail!.subject).not.toMatch(/[\r\n]/);
  expect(mail!.subject).toBe(`${nameForMail(SPAM_NAME)} invited you to Loyalty Cards`);
  expect(mail!.subject).toBe("Cheap watches Bcc: victim@example.com V… invited you to Loyalty Cards");
  expect(mail!.text).not.toContain("Bcc: victim@example.com\r\n");
  expect(mail!.text).not.toContain("spam.example");
  expect(mail!.html).not.toContain("spam.example");
});

it("makes names fit for mail: no control or bidi characters, at most 40 characters", () => {
  expect(nameForMail("Blue Bean Café")).toBe("Blue Bean Café");
  expect(nameForMail("  Ann\tand\u0000Bo\u2028Ltd  ")).toBe("Ann and Bo Ltd");
  expect(nameForMail("evil\u202Etxt.exe")).toBe("evil txt.exe");
  const long = nameForMail("é".repeat(100));
  expect([...long]).toHaveLength(MAIL_NAME_MAX);
  expect(long.endsWith("…")).toBe(true);
  expect(nameForMail("a".repeat(MAIL_NAME_MAX))).toBe("a".repeat(MAIL_NAME_MAX));
});

it("counts invites per owner per day: past the day's cap, 429 and no mail", async () => {
  const owner = await t.createUser({ plan: "Growth" });
  const token = await t.tokenFor(owner.id);
  let sent = 0;
  const invite = () => t.post("/add-staff", { name: "Sam", email: `daily-${++sent}@example.com` }, { token });
  for (let hour = 0; hour < 2; hour++) {
    for (let i = 0; i < 10; i++) expect((await invite()).statusCode).toBe(201);
    // The hourly window passes; the day's does not.
    await t.expireRateLimits("add-staff:");
  }
  const refused = await invite();
  expectError(refused, 429, /Too many attempts/);
  expect(refused.headers["retry-after"]).toBeDefined();
  expect(await t.mailsTo(`daily-${sent}@example.com`)).toHaveLength(0);
  // Another owner is not affected.
  const other = await t.tokenFor((await t.createUser({ plan: "Growth" })).id);
  expect(
    (await t.post("/add-staff", { name: "Sam", email: "other-owner@example.com" }, { token: other })).statusCode,
  ).toBe(201);
});
