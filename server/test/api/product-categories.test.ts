import type { Paginated } from "../../../contract/pagination";
import type { ProductCategory } from "../../../contract/product-category";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { dashboardFixtures } from "../helpers/dashboard";

let t: TestApp;
let f: ReturnType<typeof dashboardFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = dashboardFixtures(t);
});
afterAll(() => t.close());

const owner = async () => t.tokenFor((await t.createUser()).id);

it("adds with its fixed success message, optionally tied to a business, and lists page by page", async () => {
  const token = await owner();
  const business = await f.addBusiness(token, { business_name: "Blue Bean" });
  const res = await t.post("/product-category-add", { name: "  Coffee ", business_id: business.id }, { token });
  expect(res.statusCode).toBe(201);
  expect(res.body).toMatchObject({
    status: true,
    message: "Product category add successfully",
    data: { name: "Coffee", business_id: business.id, business_name: "Blue Bean" },
  });
  await f.addCategory(token, "Tea");
  await f.addCategory(token, "Cake");
  const page = await t.get<Paginated<ProductCategory>>("/product-category-list", {
    token,
    query: { per_page: "2" },
  });
  expect(page.body.data).toMatchObject({ total: 3, page: 1, per_page: 2, last_page: 2 });
  expect(page.body.data.items.map((c) => c.name)).toEqual(["Cake", "Tea"]);
});

it("keeps names unique per owner whatever the case, but not across owners", async () => {
  const token = await owner();
  const coffee = await f.addCategory(token, "Coffee");
  const again = await t.post("/product-category-add", { name: "COFFEE" }, { token });
  expectInvalid(again, ["name"]);
  expect(again.body.errors).toEqual({ name: ["The name has already been taken."] });
  // Renaming to its own name in another case is fine; to another's name is not.
  expect((await t.post("/product-category-add", { id: coffee.id, name: "coffee" }, { token })).statusCode).toBe(200);
  await f.addCategory(token, "Tea");
  expectInvalid(await t.post("/product-category-add", { id: coffee.id, name: "tea" }, { token }), ["name"]);
  expect((await t.post("/product-category-add", { name: "Coffee" }, { token: await owner() })).statusCode).toBe(201);
});

it("deletes, and dashboard-details counts categories", async () => {
  const token = await owner();
  const tea = await f.addCategory(token, "Tea");
  expect((await t.get<Record<string, number>>("/dashboard-details", { token })).body.data.product_categories).toBe(1);
  const res = await t.post("/product-category-delete", { id: tea.id }, { token });
  expect(res.body).toMatchObject({ status: true, message: "Product category deleted successfully." });
  expect((await t.get<Record<string, number>>("/dashboard-details", { token })).body.data.product_categories).toBe(0);
  expectError(await t.post("/product-category-delete", { id: tea.id }, { token }), 404);
  expectInvalid(await t.post("/product-category-delete", { id: "abc" }, { token }), ["id"]);
  expectInvalid(await t.post("/product-category-delete", { id: 99_999_999_999 }, { token }), ["id"]);
});
