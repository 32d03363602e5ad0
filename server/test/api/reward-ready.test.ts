import { sql } from "drizzle-orm";
import type { CustomerList, SegmentCount } from "../../../contract/customers";
import type { WalletCard } from "../../../contract/wallet";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The "reward ready" rule stood in five places. It is one now (loyalty/reward-ready.ts);
// this checks that every answer built on it agrees, at the edges: one stamp short, exactly
// enough, more than enough, and no active reward at all.

jest.setTimeout(30_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** What each part of the product says about the card: the card page, the directory and the segment. */
async function readiness(p: Awaited<ReturnType<typeof f.programme>>, secret: string, serial: string) {
  const page = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: p.qr.qr_token },
    headers: f.cardHeaders([secret]),
  });
  const business_id = String(p.business.id);
  const listed = await t.get<CustomerList>("/customer-list", { token: p.token, query: { business_id } });
  const filtered = await t.get<CustomerList>("/customer-list", {
    token: p.token,
    query: { business_id, reward_ready: "true" },
  });
  const segment = await t.get<SegmentCount>("/segment-count", {
    token: p.token,
    query: { business_id, segment: "reward_ready" },
  });
  const row = listed.body.data.items.find((item) => item.serial === serial)!;
  return {
    page: page.body.data.reward_ready,
    flag: row.flags.includes("reward_ready"),
    filter: filtered.body.data.items.some((item) => item.serial === serial),
    segment: segment.body.data.count === 1,
  };
}

const all = (ready: boolean) => ({ page: ready, flag: ready, filter: ready, segment: ready });

it("the card page, the directory's flag and filter, and the segment agree on every edge", async () => {
  const p = await f.programme({ stamps_required: 3 });
  const joined = await f.join(p.qr.qr_token);
  const serial = joined.card.serial;
  const setStamps = (n: number) => t.query(sql`update cards set stamps = ${n} where serial = ${serial}`);

  await setStamps(2);
  expect(await readiness(p, joined.secret, serial)).toEqual(all(false));
  await setStamps(3);
  expect(await readiness(p, joined.secret, serial)).toEqual(all(true));
  await setStamps(4);
  expect(await readiness(p, joined.secret, serial)).toEqual(all(true));

  // The scanner's answer: the stamp that reaches the reward says so, and staff then redeem.
  await setStamps(2);
  const stamped = await f.staffScan(p.token, serial);
  expect(stamped.body.data).toMatchObject({ action: "stamp", stamps: 3, reward_ready: true });
  const redeemed = await f.staffScan(p.token, serial);
  expect(redeemed.body.data).toMatchObject({ action: "redeem", stamps: 0, reward_ready: false });

  // No active reward: nothing is ready, however many stamps.
  await setStamps(10);
  await t.post("/remove-reward", { id: p.reward.id }, { token: p.token });
  expect(await readiness(p, joined.secret, serial)).toEqual(all(false));
});
