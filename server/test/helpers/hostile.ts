import fc from "fast-check";

/**
 * Values no form would send, for the fuzzer (fuzz.ts): wrong types, huge strings and numbers,
 * deep nesting, unicode edge cases, dates at the edges of the calendar, injection strings.
 */

/** `{a:{a:…}}` this many levels deep. */
export const nested = (depth: number): unknown => {
  let value: unknown = "x";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

/**
 * Number literals JSON.stringify cannot write (it writes null for Infinity): a value of this form
 * is replaced by the literal in the serialised body (fuzz.ts `toJson`).
 */
export const RAW_NUMBER = "\u0000raw-number:";
const rawNumbers = ["1e999", "-1e999", "-0", "99999999999999999999", "1.7976931348623157e309", "0.0000001e-400"];

const hostileConstants: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
  "",
  " ",
  "\t\n\r",
  "x".repeat(100_000),
  "9".repeat(400),
  "1e999",
  "NaN",
  "Infinity",
  "-0",
  "0x10",
  "9999-12-31",
  "0000-01-01",
  "2026-02-30",
  "99999999999999999999",
  "\ud800",
  "\udfff\ud800",
  "\u0000",
  "a\u0000b",
  "\u202eevil\u202c",
  "a\u0301\u0301\u0301",
  "\ufeff",
  "\u200b\u200d\u2060",
  "😀👨‍👩‍👧‍👦🏳️‍🌈",
  "مرحبا עברית",
  "ｆｕｌｌ１２３",
  "İı ß ﬁ",
  "\u0001\u0007\u001b[31m\u007f",
  "' OR 1=1; --",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "=cmd|' /C calc'!A0",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "{{7*7}}${7*7}",
  "a@b",
  "@example.com",
  "toString",
  "__proto__",
  [],
  [1, 2, 3],
  ["a", "b"],
  [null],
  {},
  { $gt: "" },
  { $ne: null, toString: "x" },
  { __proto__: { admin: true } },
  nested(30),
  nested(40),
  [[[[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]]],
  ...rawNumbers.map((literal) => `${RAW_NUMBER}${literal}`),
];

/** A hostile value: one of the list, or a random one of any JSON type and any unicode. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileConstants), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** Bodies that are not what their content type says, or that break multipart's rules. */
export const hostileRawBodies: { what: string; payload: string | Buffer; contentType: string }[] = [
  { what: "invalid JSON", payload: '{"a": ', contentType: "application/json" },
  { what: "JSON with a BOM", payload: '\ufeff{"a":1}', contentType: "application/json" },
  {
    what: "invalid UTF-8",
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    contentType: "application/json",
  },
  { what: "JSON too deep", payload: "[".repeat(5000) + "]".repeat(5000), contentType: "application/json" },
  { what: "JSON in UTF-16", payload: '{"a":1}', contentType: "application/json; charset=utf-16" },
  { what: "plain text", payload: "a=1", contentType: "text/plain" },
  { what: "XML", payload: "<a>1</a>", contentType: "application/xml" },
  { what: "binary", payload: Buffer.from([0, 1, 2, 255]), contentType: "application/octet-stream" },
  { what: "a garbage content type", payload: "{}", contentType: "garbage/;;;" },
  { what: "a malformed form escape", payload: "a=%ZZ%E0%A4%A&b=%", contentType: "application/x-www-form-urlencoded" },
  { what: "multipart without a boundary", payload: "--b\r\n\r\n", contentType: "multipart/form-data" },
  {
    what: "multipart with another boundary",
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "truncated multipart",
    payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
    contentType: "multipart/form-data; boundary=b",
  },
  { what: "multipart with an empty boundary", payload: "--\r\n\r\n", contentType: "multipart/form-data; boundary=" },
  {
    what: "multipart with a 300-character boundary",
    payload: `--${"b".repeat(300)}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${"b".repeat(300)}--\r\n`,
    contentType: `multipart/form-data; boundary=${"b".repeat(300)}`,
  },
  {
    what: "a multipart part without a disposition",
    payload: "--b\r\nContent-Type: text/plain\r\n\r\n1\r\n--b--\r\n",
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "two files in multipart",
    payload:
      '--b\r\nContent-Disposition: form-data; name="f"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nAAAA\r\n' +
      '--b\r\nContent-Disposition: form-data; name="g"; filename="b.png"\r\nContent-Type: image/png\r\n\r\nBBBB\r\n--b--\r\n',
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "too many multipart parts",
    payload:
      Array.from({ length: 60 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${i}\r\n`).join(
        "",
      ) + "--b--\r\n",
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "a multipart field over the size limit",
    payload: `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\n${"x".repeat(70 * 1024)}\r\n--b--\r\n`,
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "a multipart file named with a path",
    payload:
      '--b\r\nContent-Disposition: form-data; name="business_logo"; filename="../../../etc/passwd"\r\n' +
      "Content-Type: image/png\r\n\r\n\x89PNG\r\n--b--\r\n",
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "multipart with a repeated field",
    payload:
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n' +
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nb\r\n--b--\r\n',
    contentType: "multipart/form-data; boundary=b",
  },
  {
    what: "multipart __proto__ field",
    payload: '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{"a":1}\r\n--b--\r\n',
    contentType: "multipart/form-data; boundary=b",
  },
];
