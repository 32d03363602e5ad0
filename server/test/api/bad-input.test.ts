import { calls, type Call } from "../../../contract/calls";
import { safeParse } from "../../../contract/schema";
import { createTestApp, type RequestOptions, type Res, type TestApp } from "../helpers/app";

/**
 * No bad body reaching any call may produce a 500: every POST of the contract gets the same list
 * of malformed requests and must answer a 4xx (or 2xx) in the `{status, message, data}` envelope.
 */

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.createUser()).id;
});
afterAll(() => t.close());

/** Every field name any call reads. */
const FIELDS = [
  "name",
  "email",
  "phone_number",
  "password",
  "password_confirmation",
  "current_password",
  "otp",
  "purpose",
  "reset_token",
  "id",
  "business_id",
  "business_name",
  "business_logo",
  "business_category",
  "address",
  "state",
  "city",
  "zip_code",
  "country_name",
  "token",
];
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

type BadRequest = { body?: unknown } & Pick<RequestOptions, "raw" | "contentType">;

const nested = (depth: number) => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

const badRequests: [string, BadRequest][] = [
  ["an empty object", { body: {} }],
  ["null", { body: null }],
  ["an empty array", { body: [] }],
  ["an array of a valid-looking object", { body: [{ email: "a@example.com", password: "x" }] }],
  ["a JSON string", { body: "email=a@example.com" }],
  ["a JSON number", { body: 42 }],
  ["JSON true", { body: true }],
  ["JSON false", { body: false }],
  ["numbers where strings are expected", { body: allFields(123456) }],
  ["huge numbers", { body: allFields(1e308) }],
  ["booleans", { body: allFields(true) }],
  ["nulls", { body: allFields(null) }],
  ["arrays", { body: allFields(["a@example.com", "b@example.com"]) }],
  ["nested objects", { body: allFields({ $gt: "", $ne: null, toString: "x" }) }],
  ["empty strings", { body: allFields("") }],
  ["whitespace", { body: allFields("   \t\n ") }],
  ["huge strings (100 kB each)", { body: allFields("x".repeat(100_000)) }],
  ["a body over the 1 MB limit", { body: { email: "a@example.com", password: "y".repeat(1_100_000) } }],
  ["deeply nested objects", { body: { email: nested(2_000), password: nested(2_000) } }],
  ["emoji and right-to-left text", { body: allFields("😀👨‍👩‍👧‍👦 مرحبا עברית") }],
  ["zero-width and combining characters", { body: allFields("a\u200b\u200d\u0301@example.com") }],
  ["lone surrogates", { body: allFields("\ud800\udc00\ud800x") }],
  ["NUL characters", { body: allFields("nul\u0000byte@example.com") }],
  ["control characters", { body: allFields("\u0001\u0007\u001b[31m\u007f") }],
  ["full-width digits as a code", { body: { email: "a@example.com", otp: "１２３４５６", purpose: "register" } }],
  ["SQL in every field", { body: allFields("' OR 1=1; DROP TABLE users; --") }],
  [
    "a valid-looking body with a NUL in the name",
    {
      body: {
        name: "Nul\u0000Name",
        email: "nul-name@example.com",
        phone_number: "+1 555 0100",
        password: "long enough password",
        password_confirmation: "long enough password",
        current_password: "nope",
        otp: "123456",
        purpose: "register",
        reset_token: "r".repeat(43),
      },
    },
  ],
  [
    "__proto__ keys",
    { raw: '{"__proto__":{"admin":true},"email":"a@example.com","password":"x"}', contentType: "application/json" },
  ],
  [
    "constructor.prototype keys",
    { raw: '{"constructor":{"prototype":{"admin":true}}}', contentType: "application/json" },
  ],
  ["invalid JSON text", { raw: '{"email": "a@example.com", ', contentType: "application/json" }],
  ["single-quoted pseudo JSON", { raw: "{'email': 'a@example.com'}", contentType: "application/json" }],
  ["an empty JSON body", { raw: "", contentType: "application/json" }],
  ["a JSON body with a byte-order mark", { raw: '\ufeff{"email":"a@example.com"}', contentType: "application/json" }],
  [
    "invalid UTF-8 bytes",
    { raw: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: "application/json" },
  ],
  [
    "JSON with a charset that is not UTF-8",
    { raw: '{"email":"a@example.com"}', contentType: "application/json; charset=utf-16" },
  ],
  ["plain text", { raw: "email=a@example.com&password=x", contentType: "text/plain" }],
  ["XML", { raw: "<login><email>a@example.com</email></login>", contentType: "application/xml" }],
  [
    "multipart form data",
    {
      raw: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--b--\r\n',
      contentType: "multipart/form-data; boundary=b",
    },
  ],
  // Found by the contract fuzzer: busboy's errors had no status code and answered 500.
  ["multipart without a boundary", { raw: "--b\r\n\r\n", contentType: "multipart/form-data" }],
  ["multipart with an empty boundary", { raw: "--\r\n\r\n", contentType: "multipart/form-data; boundary=" }],
  [
    "multipart with a 300-character boundary",
    { raw: `--${"b".repeat(300)}\r\n\r\n1\r\n`, contentType: `multipart/form-data; boundary=${"b".repeat(300)}` },
  ],
  [
    "multipart under another boundary",
    {
      raw: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--\r\n',
      contentType: "multipart/form-data; boundary=b",
    },
  ],
  [
    "truncated multipart",
    {
      raw: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@exa',
      contentType: "multipart/form-data; boundary=b",
    },
  ],
  ["binary", { raw: Buffer.from([0, 1, 2, 3, 255, 254]), contentType: "application/octet-stream" }],
  ["a garbage content type", { raw: "{}", contentType: "garbage/;;;" }],
  [
    "form-urlencoded fields",
    {
      raw: "email=a%40example.com&password=wrong&otp=12&purpose=login",
      contentType: "application/x-www-form-urlencoded",
    },
  ],
  [
    "form-urlencoded with repeated and bracketed keys",
    {
      raw: "email=a%40example.com&email=b%40example.com&password[]=x&password[$ne]=y",
      contentType: "application/x-www-form-urlencoded",
    },
  ],
  [
    "form-urlencoded with a malformed escape",
    { raw: "email=%ZZ%E0%A4%A&password=%", contentType: "application/x-www-form-urlencoded" },
  ],
  ["an empty form-urlencoded body", { raw: "", contentType: "application/x-www-form-urlencoded" }],
  [
    "form-urlencoded __proto__",
    { raw: "__proto__=x&constructor=y&email=a%40example.com", contentType: "application/x-www-form-urlencoded" },
  ],
];

const posts = Object.entries(calls).filter(([, call]) => call.method === "POST") as [string, Call][];

it("runs over every auth and account POST call", () => {
  expect(posts.map(([, call]) => call.path)).toEqual(
    expect.arrayContaining([
      "/login",
      "/register",
      "/otp-verify",
      "/forgot-password",
      "/reset-password",
      "/resend-otp",
      "/logout",
      "/profile-update",
      "/password-update",
      "/user-soft-delete",
    ]),
  );
});

/** The envelope every answer carries, and 4xx (2xx at most) for bad input. */
function expectHandled(res: Res) {
  expect(res.statusCode).toBeLessThan(500);
  expect(res.body).toEqual(expect.objectContaining({ status: expect.any(Boolean), message: expect.any(String) }));
  expect(res.body).toHaveProperty("data");
  expect(res.body.status).toBe(res.statusCode < 400);
  if (res.statusCode === 422) {
    expect(res.body.errors).toEqual(expect.any(Object));
    for (const messages of Object.values(res.body.errors!)) {
      expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  }
}

describe.each(posts)("POST %s", (_name, call) => {
  it.each(badRequests)("answers %s without a server error", async (_what, bad) => {
    // Authenticated calls get a live token, so that the body is what the server has to deal with.
    const token = call.access === "public" ? undefined : await t.tokenFor(userId);
    const res =
      bad.raw !== undefined
        ? await t.post(call.path, undefined, { token, raw: bad.raw, contentType: bad.contentType })
        : await t.post(call.path, bad.body, { token });
    expectHandled(res);
    if (
      call.body &&
      !("raw" in bad) &&
      (bad.body === null || typeof bad.body !== "object" || Array.isArray(bad.body))
    ) {
      // Not an object at all: always the 422 of bad input.
      expect(res.statusCode).toBe(422);
    }
  });
});

describe("GET calls with junk queries", () => {
  const gets = Object.values(calls as Record<string, Call>).filter((call) => call.method === "GET");
  it.each(gets.map((call) => [call.path, call] as const))("%s answers without a server error", async (_path, call) => {
    const token = call.access === "public" ? undefined : await t.tokenFor(userId);
    // Calls that need a query field or a path parameter refuse junk with 422; the rest ignore it.
    const needsInput = Boolean(call.params) || (call.query !== undefined && !safeParse(call.query, {}).success);
    for (const query of [
      "?a[b]=1&a[c]=2&__proto__[x]=1",
      `?slug=${"x".repeat(5000)}`,
      "?%ZZ=%E0%A4%A",
      "?email=a%00b",
    ]) {
      const res = await t.get(`${call.path}${query}`, { token });
      // An export answers its file, not the envelope, when the junk is ignored.
      if (res.statusCode === 200 && String(res.headers["content-type"]).startsWith("text/csv")) continue;
      // So does the OpenAPI document (its JSON is the document itself).
      if (res.statusCode === 200 && call === calls.openapi) continue;
      expectHandled(res);
      // Calls that need input refuse junk with 422; calls without a query schema ignore it; the
      // others (optional slugs and filters) answer 200, 404 (no such slug) or 422.
      if (needsInput) expect(res.statusCode).toBe(422);
      else if (!call.query) expect(res.statusCode).toBe(200);
      else expect([200, 404, 422]).toContain(res.statusCode);
    }
  });
});
