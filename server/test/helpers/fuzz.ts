import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { calls, type Call } from "../../../contract/calls";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet";
import type { TestApp } from "./app";
import { changedTables, fingerprint, type Fingerprint } from "./fingerprint";
import { hostileRawBodies, hostileValue, RAW_NUMBER } from "./hostile";
import { loyaltyFixtures } from "./loyalty";
import { image } from "./dashboard";
import { arbitraryFor, type Pool } from "./zod-arbitrary";

/**
 * Fuzzing from the contract: every call of `calls.ts` gets requests generated
 * from its own zod schemas (params, query, body), mostly valid so they reach the handlers, mixed
 * with hostile values and encodings. Each answer must be below 500, and a 4xx must leave the
 * database as it was (fingerprint.ts). Nothing here names a call: a call added to the contract is
 * fuzzed by default.
 */

export type Identity = "owner" | "public";

/** How the body goes over the wire. */
type Encoding = "json" | "form" | "multipart" | "duplicate-key" | "raw";

type Plan = {
  params: Record<string, unknown> | undefined;
  query: unknown;
  queryExtra: string;
  body: unknown;
  encoding: Encoding;
  raw: (typeof hostileRawBodies)[number];
  authorization: string | undefined;
  cardSecrets: "fixture" | "hostile" | "none";
};

const hostileQueryExtras = [
  "",
  "",
  "",
  "&page=1&page=2",
  "&per_page[]=1",
  "&page[$gt]=1",
  "&%ZZ=1",
  "&from=%ZZ",
  "&per_page=1e999",
  "&page=-0",
  "&business_id=99999999999999999999",
  "&from=9999-12-31&to=9999-12-31",
  "&from=0000-01-01",
  "&to=2026-02-30",
  `&q=${"x".repeat(20_000)}`,
  "&__proto__[a]=1",
  "&a=%00",
];

const hostileAuthorizations = [
  undefined,
  undefined,
  undefined,
  "Bearer garbage",
  `Bearer ${"A".repeat(200)}`,
  `Bearer ${"A".repeat(5000)}`,
  "ApplePass garbage",
  "ApplePass ",
  "Basic Zm9vOmJhcg==",
  "Bearer \u0000",
];

const hostileSegments = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "%2F",
  "..",
  "%00",
  "%ZZ",
  "9".repeat(30),
  "x".repeat(2000),
  "%E2%80%AE",
];

/** Replaces one key's value by a hostile one, drops it, or adds keys no schema knows. */
function mutate(valid: unknown, hostile: unknown, pick: number, how: number): unknown {
  if (valid === null || typeof valid !== "object" || Array.isArray(valid)) return how % 2 ? hostile : valid;
  const record = { ...(valid as Record<string, unknown>) };
  const keys = Object.keys(record);
  switch (how % 6) {
    case 0:
    case 1:
      return valid;
    case 2:
    case 3:
      if (keys.length > 0) record[keys[pick % keys.length]!] = hostile;
      else record.extra = hostile;
      return record;
    case 4:
      if (keys.length > 0) delete record[keys[pick % keys.length]!];
      return { ...record, unknown_field: hostile, role: "admin", status_payment: 1 };
    default:
      return hostile;
  }
}

/** A request plan for one call: what is sent, before it is encoded. */
export function planArbitrary(call: Call, pool: Pool): fc.Arbitrary<Plan> {
  const part = (schema: Call["body"]) => (schema ? arbitraryFor(schema, pool) : fc.constant(undefined));
  return fc
    .record({
      params: part(call.params),
      query: part(call.query),
      body: part(call.body),
      hostile: hostileValue,
      pick: fc.nat(),
      how: fc.nat(),
      queryHow: fc.nat(),
      queryExtra: fc.constantFrom(...hostileQueryExtras),
      encoding: fc.constantFrom<Encoding>("json", "json", "json", "json", "form", "multipart", "duplicate-key", "raw"),
      raw: fc.constantFrom(...hostileRawBodies),
      authorization: fc.constantFrom(...hostileAuthorizations),
      cardSecrets: fc.constantFrom<Plan["cardSecrets"]>("fixture", "fixture", "hostile", "none"),
      segment: fc.constantFrom(...hostileSegments),
      segmentHow: fc.nat(),
    })
    .map((r) => {
      let params = r.params as Record<string, unknown> | undefined;
      if (params && r.segmentHow % 4 === 0) {
        const keys = Object.keys(params);
        params = { ...params, [keys[r.pick % Math.max(1, keys.length)] ?? "id"]: { segment: r.segment } };
      }
      return {
        params,
        query: r.query === undefined ? undefined : mutate(r.query, r.hostile, r.pick, r.queryHow),
        queryExtra: r.queryExtra,
        body: call.body ? mutate(r.body, r.hostile, r.pick, r.how) : r.how % 4 === 0 ? r.hostile : undefined,
        encoding: r.encoding,
        raw: r.raw,
        authorization: r.authorization,
        cardSecrets: r.cardSecrets,
      };
    });
}

/** Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
  }
}

const asText = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value instanceof Uint8Array
      ? Buffer.from(value).toString("latin1")
      : (JSON.stringify(value) ?? "");

/** `?a=1&b=2`, with arrays as repeated keys and objects as bracketed keys (as qs libraries do). */
function queryString(query: unknown, extra: string): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((item) => add(key, item));
    else if (value && typeof value === "object" && !(value instanceof Uint8Array)) {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
    } else parts.push(`${encode(key)}=${encode(asText(value))}`);
  };
  if (query && typeof query === "object" && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) add(key, value);
  } else if (query !== undefined) add("q", query);
  const text = parts.join("&") + extra;
  return text ? `?${text.replace(/^&/, "")}` : "";
}

function pathOf(call: Call, params: Record<string, unknown> | undefined): string {
  return call.path.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value && typeof value === "object" && "segment" in value) return String((value as { segment: string }).segment);
    const text = asText(value);
    return text === "" ? "x" : encode(text);
  });
}

/** JSON with the hostile number literals JSON.stringify cannot write. */
function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Uint8Array ? Buffer.from(item).toString("base64") : item,
  );
  return (text ?? "null").replace(new RegExp(`"${RAW_NUMBER.replace("\u0000", "\\\\u0000")}([^"]*)"`, "g"), "$1");
}

async function multipartOf(body: unknown): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const record =
    body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : { body };
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (value instanceof Uint8Array) {
      form.append(key, new Blob([new Uint8Array(value)], { type: "image/png" }), "upload.png");
    } else if (Array.isArray(value)) value.forEach((item) => form.append(key, asText(item)));
    else form.append(key, asText(value));
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type")! };
}

/** The body over the wire; a body holding bytes (a file) always goes as multipart. */
async function encodeBody(plan: Plan): Promise<{ payload?: string | Buffer; contentType?: string }> {
  const hasFile =
    plan.body !== null &&
    typeof plan.body === "object" &&
    Object.values(plan.body).some((value) => value instanceof Uint8Array);
  const encoding = hasFile && plan.encoding === "json" ? "multipart" : plan.encoding;
  if (plan.body === undefined && encoding !== "raw") return {};
  switch (encoding) {
    case "json":
      return { payload: toJson(plan.body), contentType: "application/json" };
    case "form": {
      const query = queryString(plan.body, "");
      return { payload: query.slice(1), contentType: "application/x-www-form-urlencoded" };
    }
    case "multipart":
      return multipartOf(plan.body);
    case "duplicate-key": {
      // The same key twice: JSON.parse keeps the last, other parsers the first.
      const json = toJson(plan.body);
      if (!json.startsWith("{") || json === "{}") return { payload: json, contentType: "application/json" };
      const key = json.slice(1, json.indexOf(":"));
      return { payload: `{${key}:${toJson(["first"])},${json.slice(1)}`, contentType: "application/json" };
    }
    case "raw":
      return { payload: plan.raw.payload, contentType: plan.raw.contentType };
  }
}

export type FuzzTarget = {
  t: TestApp;
  pool: Pool;
  ownerId: number;
  cardSecret: string;
  /** The fingerprint after the last refused request, still true (a success clears it). */
  last: Fingerprint | undefined;
  /** The owner's current bearer token. */
  token: string | undefined;
  /** How many answers of each status class per call, e.g. `{ "login 2xx": 3 }`: how deep the runs got. */
  statuses: Record<string, number>;
};

/** An owner with a business, an address, a category, a reward, a QR code, staff and a customer. */
export async function fuzzTarget(t: TestApp): Promise<FuzzTarget> {
  const f = loyaltyFixtures(t);
  const owner = await t.createUser();
  const token = await t.tokenFor(owner.id);
  const png = await image("png", 32);
  const business = await f.addBusiness(token, {}, png);
  await f.addAddress(token, business.id);
  await f.addCategory(token, "Coffee");
  const reward = await f.addReward(token, business.id);
  const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
  const staff = await f.addStaff(token, "fuzz-staff@example.com");
  const card = await f.join(qr.qr_token);
  const strings = [
    qr.qr_token,
    card.card.serial,
    card.email,
    owner.email,
    "fuzz-staff@example.com",
    staff.invite_link.split("/add-user/")[1] ?? "",
    business.business_name,
    "123456",
    "register",
    "forgot-password",
  ].filter(Boolean);
  await t.settle();
  return {
    t,
    pool: { strings, files: [new Uint8Array(png)] },
    ownerId: owner.id,
    cardSecret: card.secret,
    last: undefined,
    token,
    statuses: {},
  };
}

export type Finding = { call: string; status: number; request: string; problem: string };

/** Sends one planned request as `identity`; answers what went wrong, or null. */
async function check(target: FuzzTarget, name: string, call: Call, plan: Plan, identity: Identity) {
  const { t } = target;
  const headers: Record<string, string> = {};
  if (identity === "owner") {
    target.token ??= await t.tokenFor(target.ownerId);
    target.last = undefined;
    headers.authorization = `Bearer ${target.token}`;
  } else if (plan.authorization !== undefined) headers.authorization = plan.authorization;
  if (plan.cardSecrets === "fixture") headers[CARD_SECRETS_HEADER] = target.cardSecret;
  if (plan.cardSecrets === "hostile") headers[CARD_SECRETS_HEADER] = `${"x".repeat(300)},,${target.cardSecret},\u00ff`;
  const body = call.method === "GET" ? {} : await encodeBody(plan);
  if (body.contentType) headers["content-type"] = body.contentType;
  const url = `/api${pathOf(call, plan.params)}${queryString(plan.query, plan.queryExtra)}`;
  const inject: InjectOptions = {
    method: call.method,
    url,
    headers,
    payload: body.payload,
    remoteAddress: "10.99.0.1",
  };
  // Taken after a token was minted (a row), reused when nothing was written since the last
  // refusal, and compared after the work the app does after its answer.
  const before = target.last ?? (await fingerprint(t));
  target.last = undefined;
  const res = await t.app.inject(inject);
  await t.app.settle();
  // A call that ends the session (logout) or a refused token: the next request gets a new one.
  if (call.session === "signOut" || res.statusCode === 401) target.token = undefined;
  const tally = `${name} ${Math.floor(res.statusCode / 100)}xx`;
  target.statuses[tally] = (target.statuses[tally] ?? 0) + 1;
  const describe = () =>
    `${call.method} ${url.slice(0, 300)} as ${identity} [${body.contentType ?? "no body"}] ${
      typeof body.payload === "string"
        ? body.payload.slice(0, 300)
        : body.payload
          ? `<${body.payload.length} bytes>`
          : ""
    }`;
  if (res.statusCode >= 500) {
    return { call: name, status: res.statusCode, request: describe(), problem: res.body.slice(0, 300) };
  }
  if (res.statusCode >= 400) {
    const after = await fingerprint(t);
    target.last = after;
    const changed = changedTables(before, after);
    if (changed.length > 0) {
      return { call: name, status: res.statusCode, request: describe(), problem: `wrote ${changed.join(", ")}` };
    }
  }
  return null;
}

export type FuzzOptions = { seed: number; runs: number; identities: Identity[] };

/** Fuzzes every call of the contract; answers the first finding of each (call, identity). */
export async function fuzzContract(target: FuzzTarget, options: FuzzOptions): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [name, call] of Object.entries(calls) as [string, Call][]) {
    for (const identity of options.identities) {
      let finding: Finding | null = null;
      const result = await fc.check(
        fc.asyncProperty(planArbitrary(call, target.pool), async (plan) => {
          const found = await check(target, name, call, plan, identity);
          if (found) finding = found;
          return found === null;
        }),
        // Shrinking replays requests against a changing database: the first finding is enough.
        { seed: options.seed, numRuns: options.runs, endOnFailure: true },
      );
      if (result.failed && finding) findings.push(finding);
      else if (result.failed)
        findings.push({ call: name, status: 0, request: identity, problem: String(result.errorInstance) });
    }
  }
  return findings;
}
