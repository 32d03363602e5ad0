import { sql } from "drizzle-orm";
import type { CounterDeviceLink } from "../../../contract/counter-devices";
import { STREAMS_PER_HOLDER } from "../../src/modules/loyalty/counter/counter-streams";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { listenBase, openStream, until, type CounterStream } from "../helpers/counter-stream";
import { loyaltyFixtures } from "../helpers/loyalty";

// A closed door closes open streams. Two API instances on one database: the screens
// hold their streams on instance B, the door closes through instance A.
jest.setTimeout(60_000);

let a: TestApp;
let b: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let baseA: string;
let baseB: string;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { database: a.database });
  f = loyaltyFixtures(a);
  baseA = await listenBase(a.app);
  baseB = await listenBase(b.app);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A claimed device link of the QR code: the tablet's token and the link's id. */
async function tablet(ownerToken: string, qrId: number) {
  const add = await a.post<CounterDeviceLink>(
    "/counter-device-add",
    { qr_id: qrId, name: "Till" },
    { token: ownerToken },
  );
  const token = new URL(add.body.data.link).searchParams.get("device")!;
  expect((await a.post("/counter-device-claim", { token })).statusCode).toBe(200);
  return { id: add.body.data.device.id, token };
}

const live = async (screen: CounterStream) => {
  expect(screen.status).toBe(200);
  await until(() => screen.text().includes(": connected"));
  return screen;
};

/** Within 2 s of the door's answer, the server ends each of these streams. */
const endsWithin2s = (...screens: CounterStream[]) => until(() => screens.every((s) => s.ended()), 2000);

/** A programme of an owner whose password and id the test knows. */
async function ownProgramme() {
  const owner = await a.createUser();
  const token = await a.tokenFor(owner.id);
  const business = await f.addBusiness(token);
  await f.addReward(token, business.id);
  return { owner, token, qr: await f.generateQr(token, business.id) };
}

const leases = async () =>
  Number((await a.query<{ n: number }>(sql`select count(*)::int as n from counter_streams`))[0]!.n);

it("revoking a device link ends that tablet's open streams; another tablet's stays", async () => {
  const { token, qr } = await f.programme();
  const revoked = await tablet(token, qr.id);
  const kept = await tablet(token, qr.id);
  const gone = await live(await openStream(baseB, qr.id, { device: revoked.token }));
  const stays = await live(await openStream(baseB, qr.id, { device: kept.token }));
  expect((await a.post("/counter-device-revoke", { id: revoked.id }, { token })).statusCode).toBe(200);
  await endsWithin2s(gone);
  // The other tablet's stream checked too, and still carries stamps.
  await f.join(qr.qr_token);
  await until(() => stays.events.length === 1);
  expect(stays.ended()).toBe(false);
  expect(gone.events).toHaveLength(0);
  stays.close();
  expect((await openStream(baseB, qr.id, { device: revoked.token })).status).toBe(401);
});

it("removing a staff member ends their open streams, on every instance; the owner's stay", async () => {
  const { token, qr } = await f.programme();
  const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
  const onB = await live(await openStream(baseB, qr.id, { token: staff.token }));
  const onA = await live(await openStream(baseA, qr.id, { token: staff.token }));
  const owners = await live(await openStream(baseB, qr.id, { token }));
  expect((await a.post("/delete-staff", { id: staff.invite.id }, { token })).statusCode).toBe(200);
  await endsWithin2s(onB, onA);
  await f.join(qr.qr_token);
  await until(() => owners.events.length === 1);
  owners.close();
});

it("signing out ends the session's streams", async () => {
  const { token, qr } = await f.programme();
  const screen = await live(await openStream(baseB, qr.id, { token }));
  expect((await a.post("/logout", undefined, { token })).statusCode).toBe(200);
  await endsWithin2s(screen);
});

it("deleting a QR code ends every stream of its screens; another QR code's stays", async () => {
  const { token, business, qr } = await f.programme();
  const door = await f.generateQr(token, business.id, { label: "Door" });
  const device = await tablet(token, qr.id);
  const owners = await live(await openStream(baseB, qr.id, { token }));
  const tablets = await live(await openStream(baseB, qr.id, { device: device.token }));
  const doorScreen = await live(await openStream(baseB, door.id, { token }));
  expect((await a.post("/delete-qr", { id: qr.id }, { token })).statusCode).toBe(200);
  await endsWithin2s(owners, tablets);
  await f.join(door.qr_token);
  await until(() => doorScreen.events.length === 1);
  doorScreen.close();
});

it("deleting the owner's account ends their, their staff's and their tablets' streams; the tablet is signed out", async () => {
  const { owner, token, qr } = await ownProgramme();
  const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
  const device = await tablet(token, qr.id);
  const screens = [
    await live(await openStream(baseB, qr.id, { token })),
    await live(await openStream(baseB, qr.id, { token: staff.token })),
    await live(await openStream(baseB, qr.id, { device: device.token })),
  ];
  expect((await a.post("/user-soft-delete", { password: owner.password }, { token })).statusCode).toBe(200);
  await endsWithin2s(...screens);
  const asTablet = { query: { qr_id: String(qr.id) }, headers: { "x-counter-device": device.token } };
  expectError(await b.get("/counter-code", asTablet), 401);
  expect((await openStream(baseB, qr.id, { device: device.token })).status).toBe(401);
});

describe(`at most ${STREAMS_PER_HOLDER} open streams per session or tablet`, () => {
  it("counts a session's streams on every instance; a closed one frees its place", async () => {
    const { owner, token, qr } = await ownProgramme();
    const before = await leases();
    const screens: CounterStream[] = [];
    for (let i = 0; i < STREAMS_PER_HOLDER; i++) {
      screens.push(await live(await openStream(i % 2 ? baseA : baseB, qr.id, { token })));
    }
    for (const base of [baseA, baseB]) {
      const sixth = await openStream(base, qr.id, { token });
      expect(sixth.status).toBe(429);
      await until(() => sixth.ended());
      expect(JSON.parse(sixth.text())).toMatchObject({ status: false });
    }
    // Another session of the same owner has places of its own.
    const other = await live(await openStream(baseB, qr.id, { token: await a.tokenFor(owner.id) }));
    other.close();
    screens[0]!.close();
    await until(async () => (await leases()) === before + STREAMS_PER_HOLDER - 1);
    screens.push(await live(await openStream(baseB, qr.id, { token })));
    screens.forEach((screen) => screen.close());
    await until(async () => (await leases()) === before);
  });

  it("counts a tablet's streams", async () => {
    const { token, qr } = await f.programme();
    const device = await tablet(token, qr.id);
    const screens: CounterStream[] = [];
    for (let i = 0; i < STREAMS_PER_HOLDER; i++) {
      screens.push(await live(await openStream(baseB, qr.id, { device: device.token })));
    }
    expect((await openStream(baseA, qr.id, { device: device.token })).status).toBe(429);
    screens.forEach((screen) => screen.close());
  });

  it("a lease its instance stopped renewing (the instance died) stops counting", async () => {
    const { token, qr } = await f.programme();
    const session = await live(await openStream(baseB, qr.id, { token }));
    const holder = (
      await a.query<{ holder: string }>(sql`select holder from counter_streams order by id desc limit 1`)
    )[0]!.holder;
    await a.query(sql`insert into counter_streams (holder, lease_until)
      select ${holder}, now() - interval '1 second' from generate_series(1, ${STREAMS_PER_HOLDER})`);
    const next = await live(await openStream(baseB, qr.id, { token }));
    session.close();
    next.close();
  });
});
