import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Business } from "../../../contract/business";
import type { Paginated } from "../../../contract/pagination";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, dashboardFixtures, image, multipart } from "../helpers/dashboard";

let t: TestApp;
let f: ReturnType<typeof dashboardFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = dashboardFixtures(t);
});
afterAll(() => t.close());

const owner = async () => t.tokenFor((await t.createUser()).id);
const fileCount = async () => Number((await t.query<{ n: number }>(sql`select count(*)::int as n from files`))[0]!.n);

describe("add-business", () => {
  it("adds a business from a multipart form with its logo, re-encoded as WebP", async () => {
    const token = await owner();
    const logo = await image("png", 1200);
    const business = await f.addBusiness(token, {}, logo);

    expect(business).toEqual({
      id: expect.any(Number),
      ...BUSINESS_FIELDS,
      business_logo: expect.stringMatching(/^\/api\/files\/\d+$/),
      fraud_threshold: 5,
      addresses_count: 0,
      time_zone: "UTC",
      // The country's currency: the form left it blank.
      currency: "GBP",
      max_purchase_amount: "10000",
      created_at: expect.any(String),
    });
    const file = await t.get(business.business_logo!.replace(/^\/api/, ""));
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 512 });
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const token = await owner();
    const business = await f.addBusiness(token, {}, await image("jpeg"));
    const path = business.business_logo!.replace(/^\/api/, "");
    const first = await t.get(path);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await t.get(path, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.text).toBe("");
  });

  it("strips the metadata of an uploaded photo", async () => {
    const token = await owner();
    const photo = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#ccc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner-name", Artist: "GPS 51.5,-0.1" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const business = await f.addBusiness(token, {}, photo);
    const stored = await t.get(business.business_logo!.replace(/^\/api/, ""));
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from("secret-owner-name"))).toBe(false);
  });

  it("adds a business without a logo, and accepts JSON too", async () => {
    const token = await owner();
    const res = await t.post("/add-business", BUSINESS_FIELDS, { token });
    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe("Business added successfully.");
    expect((res.body.data as Business).business_logo).toBeNull();
  });

  const refused = "The business logo must be a PNG, JPEG or WebP image.";
  it.each([
    ["a text file renamed to .png", () => Buffer.from("just some text, not an image at all\n".repeat(20)), refused],
    [
      "an SVG",
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      refused,
    ],
    ["a GIF", () => image("gif"), refused],
    [
      "a 3 MB image",
      () =>
        sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      "The business logo may not be greater than 2 MB.",
    ],
  ])("refuses %s with 422 and writes nothing", async (_what, make, message) => {
    const token = await owner();
    const data = await make();
    const filesBefore = await fileCount();
    const body = await multipart({
      ...BUSINESS_FIELDS,
      business_logo: { data, filename: "logo.png", type: "image/png" },
    });
    const res = await t.post("/add-business", undefined, { token, ...body });
    expectInvalid(res, ["business_logo"]);
    expect(res.body.errors!.business_logo).toEqual([message]);
    expect(await fileCount()).toBe(filesBefore);
    const list = await t.get<Paginated<Business>>("/business-list", { token });
    expect(list.body.data.total).toBe(0);
  });

  it("checks every field, and category and country against their lists", async () => {
    const token = await owner();
    expectInvalid(await t.post("/add-business", {}, { token }), [
      "business_name",
      "address",
      "business_category",
      "state",
      "city",
      "zip_code",
      "country_name",
    ]);
    const res = await t.post(
      "/add-business",
      { ...BUSINESS_FIELDS, business_category: "Casino", country_name: "Atlantis" },
      { token },
    );
    expect(res.body.errors).toEqual({
      business_category: ["Please choose a business category from the list."],
      country_name: ["Please choose a country from the list."],
    });
    const country = await t.post("/add-business", { ...BUSINESS_FIELDS, country_name: "Atlantis" }, { token });
    expect(country.body.errors).toEqual({ country_name: ["Please choose a country from the list."] });
  });

  it("edits a business when given its id; a new logo replaces and removes the old one", async () => {
    const token = await owner();
    const business = await f.addBusiness(token, {}, await image("png"));
    const files = await fileCount();
    const edited = await f.addBusiness(
      token,
      { id: String(business.id), business_name: "Green Bean" },
      await image("webp"),
    );
    expect(edited).toMatchObject({ id: business.id, business_name: "Green Bean" });
    expect(edited.business_logo).not.toBe(business.business_logo);
    expect(await fileCount()).toBe(files);
    expect((await t.get(business.business_logo!.replace(/^\/api/, ""))).statusCode).toBe(404);

    // Without a new logo the old one stays.
    const renamed = await t.post(
      "/add-business",
      { ...BUSINESS_FIELDS, id: business.id, business_name: "Teal Bean" },
      { token },
    );
    expect(renamed.body.data).toMatchObject({ business_name: "Teal Bean", business_logo: edited.business_logo });
  });
});

describe("business-list and delete-business", () => {
  it("paginates on the server, newest first", async () => {
    const token = await owner();
    for (const name of ["One", "Two", "Three"]) await f.addBusiness(token, { business_name: name });
    const page = await t.get<Paginated<Business>>("/business-list", { token, query: { page: "2", per_page: "2" } });
    expect(page.statusCode).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 });
    expect(page.body.data.items.map((b) => b.business_name)).toEqual(["One"]);
    expectInvalid(await t.get("/business-list", { token, query: { per_page: "101" } }), ["per_page"]);
    expectInvalid(await t.get("/business-list", { token, query: { page: "0" } }), ["page"]);
  });

  it("deletes a business with its addresses and its logo", async () => {
    const token = await owner();
    const business = await f.addBusiness(token, {}, await image("png"));
    await f.addAddress(token, business.id);
    const res = await t.post("/delete-business", { id: business.id }, { token });
    expect(res.body).toMatchObject({ status: true, message: "Business deleted successfully." });
    expect((await t.get(business.business_logo!.replace(/^\/api/, ""))).statusCode).toBe(404);
    const details = await t.get<Record<string, number>>("/dashboard-details", { token });
    expect(details.body.data).toMatchObject({ businesses: 0, locations: 0 });
    expectError(await t.post("/delete-business", { id: business.id }, { token }), 404, "Business not found.");
  });
});

describe("addresses", () => {
  it("adds, lists per business, edits and deletes addresses; dashboard-details follows", async () => {
    const token = await owner();
    const a = await f.addBusiness(token, { business_name: "A" });
    const b = await f.addBusiness(token, { business_name: "B" });
    const first = await f.addAddress(token, a.id);
    await f.addAddress(token, b.id, { city: "Leeds" });
    expect(first).toMatchObject({ business_id: a.id, business_name: "A", city: "London" });
    // Each business counts its own locations (regression: the count once compared the wrong ids).
    await f.addAddress(token, b.id, { city: "Hull" });
    const counts = await t.get<Paginated<Business>>("/business-list", { token });
    expect(counts.body.data.items.map((x) => [x.business_name, x.addresses_count])).toEqual([
      ["B", 2],
      ["A", 1],
    ]);

    const forA = await t.get<Paginated<{ id: number }>>("/address-list", {
      token,
      query: { business_id: String(a.id) },
    });
    expect(forA.body.data.items.map((x) => x.id)).toEqual([first.id]);
    const all = await t.get<Paginated<{ id: number }>>("/address-list", { token });
    expect(all.body.data.total).toBe(3);
    expect((await t.get<Record<string, number>>("/dashboard-details", { token })).body.data).toMatchObject({
      locations: 3,
    });

    const moved = await t.post("/add-address", { ...first, id: first.id, business_id: b.id, city: "York" }, { token });
    expect(moved.body).toMatchObject({
      message: "Address updated successfully.",
      data: { business_id: b.id, city: "York" },
    });

    expect((await t.post("/delete-address", { id: first.id }, { token })).body.message).toBe(
      "Address deleted successfully.",
    );
    expect((await t.get<Record<string, number>>("/dashboard-details", { token })).body.data).toMatchObject({
      locations: 2,
    });
  });

  it("needs a business", async () => {
    const token = await owner();
    const res = await t.post("/add-address", { address: "x" }, { token });
    expect(res.body.errors?.business_id).toEqual(["The business field is required."]);
  });
});

describe("reference lists", () => {
  it("answers the seeded business categories and every country", async () => {
    const token = await owner();
    const categories = await t.get<{ name: string }[]>("/category-list", { token });
    expect(categories.body.data.map((c) => c.name)).toEqual(expect.arrayContaining(["Bakery", "Café and Coffee Shop"]));
    expect(categories.body.data.at(-1)!.name).toBe("Other");
    const countries = await t.get<{ code: string; name: string }[]>("/country-list", { token });
    expect(countries.body.data.length).toBeGreaterThanOrEqual(245);
    expect(countries.body.data).toEqual(
      expect.arrayContaining([{ id: expect.any(Number), code: "DE", name: "Germany" }]),
    );
  });
});
