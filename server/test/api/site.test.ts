import { sql } from "drizzle-orm";
import { homePageData, pageData, reviewList } from "../../../contract/site";
import { subscriptionPlanList } from "../../../contract/plans";
import { seedPlans } from "../../src/seed/plans";
import { seedSite } from "../../src/seed/site";
import { HOME_PAGE } from "../../src/seed/site-content";
import { HOME_PAGE_TRANSLATIONS } from "../../src/seed/site-translations";
import { LOCALES } from "../../../contract/locales";
import { NO_CONTACT_EMAIL } from "../../src/modules/site/contact-mail";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: "operator@example.com" });
  await seedSite(t.database.db);
  await seedPlans(t.database.db);
});
afterAll(() => t.close());

describe("GET /home-page-list", () => {
  it("answers the seeded home page for slug test, also when no slug is given", async () => {
    const res = await t.get("/home-page-list", { query: { slug: "test" } });
    expect(res.statusCode).toBe(200);
    expect(homePageData.parse(res.body.data)).toMatchObject({
      slug: "test",
      logo: "/icon.svg",
      facebook: expect.stringMatching(/^https:\/\/www\.facebook\.com\//),
    });
    expect((res.body.data as { how_steps: unknown[] }).how_steps.length).toBeGreaterThanOrEqual(3);
    expect(res.text).not.toMatch(/lorem/i);

    const byDefault = await t.get("/home-page-list");
    expect(byDefault.body.data).toEqual(res.body.data);
  });

  it("answers 404 for an unknown slug and 422 for a malformed one", async () => {
    expectError(await t.get("/home-page-list", { query: { slug: "nope" } }), 404, "Home page not found.");
    expectInvalid(await t.get("/home-page-list", { query: { slug: "../etc" } }), ["slug"]);
  });
});

describe("GET /pages", () => {
  it.each(["privacy-policy", "privacy-policy-1", "terms-condition"])("answers the seeded page %s", async (slug) => {
    const res = await t.get("/pages", { query: { slug } });
    expect(res.statusCode).toBe(200);
    const page = pageData.parse(res.body.data);
    expect(page.title.length).toBeGreaterThan(5);
    expect(page.content).toMatch(/<h2>/);
    expect(page.content.length).toBeGreaterThan(1000);
  });

  it("sanitises content on the way out, also when it was written straight into the database", async () => {
    await t.query(
      sql`insert into pages (slug, title, content) values ('evil', 'Evil', ${'<h1>Hi</h1><p onclick="x()">Text</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">js</a><a href="https://example.com">ok</a>'})`,
    );
    const res = await t.get("/pages", { query: { slug: "evil" } });
    const html = (res.body.data as { content: string }).content;
    expect(html).toBe('<h2>Hi</h2><p>Text</p><a>js</a><a href="https://example.com" rel="noopener noreferrer">ok</a>');
  });

  it("needs a slug (422) and answers 404 for an unknown one", async () => {
    expectInvalid(await t.get("/pages"), ["slug"]);
    expectError(await t.get("/pages", { query: { slug: "missing" } }), 404, "Page not found.");
  });
});

describe("GET /review-list", () => {
  it("answers the active reviews with name, rating and text, without a token", async () => {
    await t.query(sql`insert into reviews (name, rating, text, active) values ('Hidden', 1, 'Not shown', false)`);
    const res = await t.get("/review-list");
    expect(res.statusCode).toBe(200);
    const reviews = reviewList.parse(res.body.data);
    expect(reviews.length).toBe(3);
    expect(reviews.map((r) => r.name)).not.toContain("Hidden");
  });
});

describe("GET /subscriptionplan-list", () => {
  it("answers the active plans in order, amounts as major-unit strings", async () => {
    await t.query(
      sql`insert into plans (name, amount_minor, interval, active) values ('Retired', 999, 'month', false)`,
    );
    const res = await t.get("/subscriptionplan-list");
    expect(res.statusCode).toBe(200);
    const plans = subscriptionPlanList.parse(res.body.data);
    expect(plans.map((p) => [p.name, p.amount, p.interval])).toEqual([
      ["Starter", "19.00", "month"],
      ["Growth", "49.00", "month"],
      ["Business Annual", "490.00", "year"],
    ]);
    expect(plans[0]).toMatchObject({ currency: "USD", included_businesses: 1, included_addresses: 1 });
    expect(plans[0]!.features.length).toBeGreaterThan(2);
  });

  it("seeding again adds nothing and keeps the operator's edits", async () => {
    await t.query(sql`update plans set amount_minor = 2500 where name = 'Starter'`);
    await seedPlans(t.database.db);
    await seedSite(t.database.db);
    const [row] = await t.query<{ n: number; amount: number }>(
      sql`select count(*)::int as n, max(amount_minor) filter (where name = 'Starter') as amount from plans`,
    );
    expect(row).toEqual({ n: 4, amount: 2500 });
    const [pagesRow] = await t.query<{ n: number }>(sql`select count(*)::int as n from pages where slug <> 'evil'`);
    expect(pagesRow!.n).toBe(3);
  });
});

describe("POST /contact-us", () => {
  const valid = {
    email: "Visitor@Example.com",
    name: "Vera Visitor",
    phone_number: "+1 555 0199",
    company_name: "Corner Café",
    message: "Hello, could we get a demo for our three shops?",
  };

  it("stores the message and mails it to CONTACT_EMAIL with the sender's text escaped", async () => {
    const res = await t.post(
      "/contact-us",
      { ...valid, message: "Hi <b>there</b>, we need a demo." },
      { ip: "10.9.0.1" },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: "Thank you for your message. We will get back to you within one business day.",
      data: null,
    });
    const [row] = await t.query(
      sql`select email, name, phone_number, company_name, message, ip from contact_messages order by id desc limit 1`,
    );
    expect(row).toEqual({
      email: "visitor@example.com",
      name: "Vera Visitor",
      phone_number: "+1 555 0199",
      company_name: "Corner Café",
      message: "Hi <b>there</b>, we need a demo.",
      ip: "10.9.0.1",
    });
    const [mail] = await t.mailsTo("operator@example.com");
    expect(mail!.subject).toBe("Loyalty Cards contact: Vera Visitor (Corner Café)");
    expect(mail!.text).toContain("visitor@example.com");
    expect(mail!.html).toContain("Hi &lt;b&gt;there&lt;/b&gt;");
  });

  it("answers 422 with field messages and stores nothing for bad input", async () => {
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from contact_messages`);
    const res = await t.post("/contact-us", { email: "nope", name: "", phone_number: "abc", message: "short" });
    expectInvalid(res, ["email", "name", "phone_number", "message"]);
    const after = await t.query<{ n: number }>(sql`select count(*)::int as n from contact_messages`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("takes the company name as optional", async () => {
    const { company_name: _, ...rest } = valid;
    const res = await t.post("/contact-us", rest, { ip: "10.9.0.2" });
    expect(res.statusCode).toBe(200);
    const [row] = await t.query(sql`select name, company_name from contact_messages where ip = '10.9.0.2'`);
    expect(row).toEqual({ name: "Vera Visitor", company_name: "" });
    const [mail] = (await t.mailsTo("operator@example.com")).slice(-1);
    expect(mail!.subject).toBe("Loyalty Cards contact: Vera Visitor");
    expect(mail!.text).toContain("Company: (not given)");
  });

  it("limits one address to 5 messages an hour (429 with Retry-After)", async () => {
    for (let i = 0; i < 5; i++) expect((await t.post("/contact-us", valid, { ip: "10.9.0.3" })).statusCode).toBe(200);
    const res = await t.post("/contact-us", valid, { ip: "10.9.0.3" });
    expectError(res, 429, /Too many attempts/);
    // The refused sixth message is neither stored nor mailed.
    const [stored] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from contact_messages where ip = '10.9.0.3'`,
    );
    expect(stored!.n).toBe(5);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await t.post("/contact-us", valid, { ip: "10.9.0.4" })).statusCode).toBe(200);
  });
});

describe("POST /contact-us without CONTACT_EMAIL", () => {
  it("keeps the mail in the outbox instead of sending it nowhere", async () => {
    const other = await createTestApp();
    try {
      const res = await other.post("/contact-us", {
        email: "a@example.com",
        name: "No Operator",
        phone_number: "+1 555 0100",
        message: "Does anyone read this form?",
      });
      expect(res.statusCode).toBe(200);
      const mails = await other.mailsTo(NO_CONTACT_EMAIL);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("Does anyone read this form?");
    } finally {
      await other.close();
    }
  });
});

describe("the site's texts in every language (Accept-Language)", () => {
  const home = (language?: string, slug = "test") =>
    t.get("/home-page-list", { query: { slug }, ...(language && { headers: { "accept-language": language } }) });
  const texts = (data: unknown) => {
    const {
      id: _id,
      slug: _slug,
      logo: _logo,
      facebook: _f,
      twitter: _t,
      instagram: _i,
      updated_at: _u,
      ...rest
    } = homePageData.parse(data);
    return rest;
  };
  /** Every text of a value (strings, lists, objects), in order. */
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === "object"
          ? Object.values(value).flatMap(strings)
          : [];

  it("answers the home page, the reviews and the plans' selling points in each seeded locale", async () => {
    const english = texts((await home()).body.data);
    const englishReviews = reviewList.parse((await t.get("/review-list")).body.data);
    const englishPlans = subscriptionPlanList.parse((await t.get("/subscriptionplan-list")).body.data);
    expect(english.hero_title).toBe(HOME_PAGE.heroTitle);
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const headers = { "accept-language": locale };
      const localized = texts((await home(locale)).body.data);
      expect(localized.hero_title).toBe(HOME_PAGE_TRANSLATIONS[locale]!.hero_title);
      // Every text has its own translation: none is the English one.
      const pairs = strings(localized).map((text, i) => [text, strings(english)[i]]);
      expect(pairs.length).toBe(strings(english).length);
      expect(pairs.filter(([text, en]) => text === en)).toEqual([]);

      const reviews = reviewList.parse((await t.get("/review-list", { headers })).body.data);
      expect(reviews.map((r) => r.name)).toEqual(englishReviews.map((r) => r.name));
      expect(
        reviews.filter((r, i) => r.text === englishReviews[i]!.text || r.business === englishReviews[i]!.business),
      ).toEqual([]);

      const plans = subscriptionPlanList.parse((await t.get("/subscriptionplan-list", { headers })).body.data);
      expect(plans.map((p) => [p.id, p.name, p.amount])).toEqual(englishPlans.map((p) => [p.id, p.name, p.amount]));
      const features = plans.flatMap((p) => p.features);
      expect(features.length).toBe(englishPlans.flatMap((p) => p.features).length);
      expect(features.filter((f) => englishPlans.some((p) => p.features.includes(f)))).toEqual([]);
    }
    // A header's best match (q-values), a region of a language, and an unknown language (English).
    expect(texts((await home("it;q=1, de-CH;q=0.8")).body.data).hero_title).toBe(HOME_PAGE_TRANSLATIONS.de!.hero_title);
    expect(texts((await home("pt")).body.data).hero_title).toBe(HOME_PAGE_TRANSLATIONS["pt-BR"]!.hero_title);
    expect(texts((await home("ja")).body.data)).toEqual(english);
  });

  it("falls back to English for each text the operator left out or empty, item by item in lists", async () => {
    const partial = {
      es: {
        hero_title: "Hola",
        hero_text: "  ",
        about_points: ["Uno", ""],
        how_steps: [{ title: "Paso uno" }],
        contact_title: "",
      },
    };
    await t.query(sql`
      insert into home_pages (slug, logo, hero_title, hero_text, about_title, about_text, about_points, how_title,
        how_steps, pricing_title, pricing_text, contact_title, contact_text, translations)
      values ('partial', '/icon.svg', 'Hello', 'Hello text', 'About', 'About text', array['One', 'Two', 'Three'], 'How',
        ${JSON.stringify([
          { title: "Step one", text: "Do one" },
          { title: "Step two", text: "Do two" },
        ])}::jsonb, 'Pricing', 'Pricing text', 'Contact', 'Contact text', ${JSON.stringify(partial)}::jsonb)`);
    const es = texts((await home("es", "partial")).body.data);
    expect(es).toEqual({
      hero_title: "Hola",
      hero_text: "Hello text",
      about_title: "About",
      about_text: "About text",
      about_points: ["Uno", "Two", "Three"],
      how_title: "How",
      how_steps: [
        { title: "Paso uno", text: "Do one" },
        { title: "Step two", text: "Do two" },
      ],
      pricing_title: "Pricing",
      pricing_text: "Pricing text",
      contact_title: "Contact",
      contact_text: "Contact text",
    });
    // A locale with nothing written is all English.
    expect(texts((await home("fr", "partial")).body.data)).toEqual(texts((await home("en", "partial")).body.data));

    // A review and a plan point the operator left empty in one locale.
    await t.query(sql`insert into reviews (name, business, rating, text, sort_order, translations)
      values ('Zed', 'Owner, Zed Shop', 5, 'Great cards.', 99,
        ${JSON.stringify({ de: { business: "Inhaber, Zed Shop", text: "" } })}::jsonb)`);
    const reviews = reviewList.parse((await t.get("/review-list", { headers: { "accept-language": "de" } })).body.data);
    expect(reviews.find((r) => r.name === "Zed")).toMatchObject({
      business: "Inhaber, Zed Shop",
      text: "Great cards.",
    });
    await t.query(sql`insert into plans (name, amount_minor, interval, features, sort_order, translations)
      values ('Mini', 500, 'month', array['One card', 'One till'], 50,
        ${JSON.stringify({ ar: { name: "", features: ["بطاقة واحدة"] } })}::jsonb)`);
    const plans = subscriptionPlanList.parse(
      (await t.get("/subscriptionplan-list", { headers: { "accept-language": "ar" } })).body.data,
    );
    expect(plans.find((p) => p.name === "Mini")?.features).toEqual(["بطاقة واحدة", "One till"]);
    await t.query(sql`delete from reviews where name = 'Zed'`);
    await t.query(sql`delete from plans where name = 'Mini'`);
  });

  it("answers a legal page's title, description and content in the language asked, English where none", async () => {
    const es = { title: "Política de privacidad", description: "", content: "<p>Hola</p><script>x()</script>" };
    await t.query(sql`update pages set translations = ${JSON.stringify({ es })}::jsonb where slug = 'privacy-policy'`);
    const english = pageData.parse((await t.get("/pages", { query: { slug: "privacy-policy" } })).body.data);
    const spanish = pageData.parse(
      (await t.get("/pages", { query: { slug: "privacy-policy" }, headers: { "accept-language": "es" } })).body.data,
    );
    expect(spanish).toEqual({ ...english, title: "Política de privacidad", content: "<p>Hola</p>" });
    const german = (await t.get("/pages", { query: { slug: "privacy-policy" }, headers: { "accept-language": "de" } }))
      .body.data;
    expect(german).toEqual(english);
    await t.query(sql`update pages set translations = '{}' where slug = 'privacy-policy'`);
  });

  it("seeding gives an untranslated seeded row its translations, never one whose English the operator changed", async () => {
    await t.query(sql`update home_pages set translations = '{}' where slug = 'test'`);
    await seedSite(t.database.db);
    expect(texts((await home("es")).body.data).hero_title).toBe(HOME_PAGE_TRANSLATIONS.es!.hero_title);

    await t.query(sql`update home_pages set translations = '{}', hero_title = 'Our own title' where slug = 'test'`);
    await seedSite(t.database.db);
    expect(texts((await home("es")).body.data).hero_title).toBe("Our own title");

    // An operator's own translation stays as written.
    await t.query(sql`update home_pages set hero_title = ${HOME_PAGE.heroTitle},
      translations = ${JSON.stringify({ es: { hero_title: "Nuestro título" } })}::jsonb where slug = 'test'`);
    await seedSite(t.database.db);
    await seedPlans(t.database.db);
    expect(texts((await home("es")).body.data).hero_title).toBe("Nuestro título");
  });
});
