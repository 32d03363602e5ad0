import type { Address } from "../../../contract/address";
import type { Paginated } from "../../../contract/pagination";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { ADDRESS_FIELDS } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";

// An address may carry latitude and longitude: both or neither, in range.
let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

it("keeps coordinates, refuses half or out-of-range ones, and clears them when left blank", async () => {
  const token = await f.owner();
  const business = await f.addBusiness(token);
  const add = (fields: Record<string, unknown>) =>
    t.post<Address>("/add-address", { ...ADDRESS_FIELDS, business_id: business.id, ...fields }, { token });
  expectInvalid(await add({ latitude: "51.5" }), ["longitude"]);
  expectInvalid(await add({ latitude: 91, longitude: 0 }), ["latitude"]);
  expectInvalid(await add({ latitude: 0, longitude: -180.5 }), ["longitude"]);
  expectInvalid(await add({ latitude: "north", longitude: 0 }), ["latitude"]);
  const saved = await add({ latitude: "51.5226", longitude: -0.0797 });
  expect(saved.statusCode).toBe(201);
  expect(saved.body.data).toMatchObject({ latitude: 51.5226, longitude: -0.0797 });
  const listed = await t.get<Paginated<Address>>("/address-list", { token });
  expect(listed.body.data.items[0]).toMatchObject({ latitude: 51.5226, longitude: -0.0797 });
  const cleared = await add({ id: saved.body.data.id, latitude: "", longitude: "" });
  expect(cleared.body.data).toMatchObject({ latitude: null, longitude: null });
  const plain = await add({});
  expect(plain.body.data).toMatchObject({ latitude: null, longitude: null });
});
