// `npm run test:cluster`: starts the cluster (scripts/cluster/cluster.mjs) on a throwaway
// PostgreSQL and shows that several instances behave as one:
//   1. both API servers, started at once on a fresh database, migrate once and seed once;
//   2. a session made through one web server works through the other (and through nginx), and nginx
//      micro-caches the public pages for anonymous visitors only (X-Cache-Status);
//   3. 50 concurrent staff stamps of one card, spread over both API servers, give exactly 50;
//   4. rate limits are shared: failed logins alternating between the instances hit one limit, and
//      a client's own X-Forwarded-For does not get it past nginx;
//   5. with autocannon stamping through nginx, `kill -9` of one API server loses no acknowledged
//      stamp (2xx answers ≤ stamps in the database) and the other serves on;
//   6. PostgreSQL restarted under load: the API servers answer 503 (never 500) meanwhile and
//      reconnect by themselves.
// Bounded in time (TIME_LIMIT_MS); exits non-zero when a check fails. Ports: CLUSTER_PORT, default
// 5150 (the seven from there), so that it runs beside `npm run cluster` on 5140.
import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { clusterPorts, ensureBuilt, haveNginx, startCluster } from "./cluster.mjs";

const TIME_LIMIT_MS = 8 * 60_000;
const DEMO = { email: "demo@example.com", password: "demo-password" };

type Cluster = Awaited<ReturnType<typeof startCluster>>;
let cluster: Cluster | undefined;
let dir: string | undefined;
let failures = 0;
const startedAt = Date.now();

function check(ok: boolean, name: string, detail: string) {
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
}

async function cleanup() {
  await cluster?.stop();
  if (!dir) return;
  // A failed run keeps its logs (CI prints where), so that what went wrong can be read afterwards.
  if (failures > 0 && fs.existsSync(path.join(dir, "logs"))) {
    const kept = path.resolve("reports/cluster-logs");
    fs.rmSync(kept, { recursive: true, force: true });
    fs.cpSync(path.join(dir, "logs"), kept, { recursive: true });
    console.log(`     [cluster] logs of the failed run kept in ${kept}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** A JSON call; answers the status and the parsed envelope. */
async function call(
  method: string,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let json: { data?: unknown; auth_token?: string; message?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not JSON (nginx's own error pages)
  }
  return { status: res.status, json, headers: res.headers };
}

async function ok<T>(promise: ReturnType<typeof call>, what: string): Promise<T> {
  const res = await promise;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json.auth_token ?? res.json.data) as T;
}

/**
 * The demo owner's programme: a reward of 50 stamps at Demo Café and its QR code. (Their Growth
 * plan's three businesses are the demo's: a fourth would cost the one-off fee.)
 */
async function programme(api: string, token: string) {
  const businesses = await ok<{ items: { id: number; business_name: string }[] }>(
    call("GET", `${api}/business-list`, { token }),
    "business-list",
  );
  const id = businesses.items.find((b) => b.business_name === "Demo Café")!.id;
  const reward = await ok<{ id: number }>(
    call("POST", `${api}/add-reward`, { token, body: { business_id: id, title: "Free coffee", stamps_required: 50 } }),
    "add-reward",
  );
  const qr = await ok<{ qr_token: string }>(
    call("POST", `${api}/generate-qr`, { token, body: { business_id: id, reward_id: reward.id, label: "Counter" } }),
    "generate-qr",
  );
  return qr.qr_token;
}

/** Stamps through nginx with autocannon, running `during` meanwhile; every answer with its time. */
async function stampLoad(c: Cluster, cookie: string, serials: string[], seconds: number, during: () => Promise<void>) {
  const answers: { at: number; status: number }[] = [];
  let next = 0;
  const instance = autocannon({
    url: `${c.urls.public}/api/qr-code-scanner`,
    method: "POST",
    connections: 10,
    duration: seconds,
    headers: { "content-type": "application/json", origin: c.urls.public, cookie },
    requests: [
      { setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: serials[next++ % serials.length] }) }) },
    ],
  });
  instance.on("response", (_client, statusCode) => answers.push({ at: Date.now(), status: statusCode }));
  const [result] = await Promise.all([instance, during()]);
  const byStatus: Record<number, number> = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  // Requests that got no answer at all (a connection cut mid-request) are errors, never 2xx.
  return { answers, byStatus, errors: result.errors + result.timeouts };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  if (!haveNginx()) throw new Error("nginx is not installed (apt-get install nginx)");
  await ensureBuilt();
  dir = fs.mkdtempSync(path.join(tmpdir(), "cluster-test-"));
  const ports = clusterPorts(Number(process.env.CLUSTER_PORT || 5150));
  const publicUrl = `http://127.0.0.1:${ports.public}`;
  const unexpected: string[] = [];
  const c = await startCluster({
    dir,
    ports,
    env: { PUBLIC_APP_URL: publicUrl, SEED_DEMO_USER: "true", LOG_LEVEL: "info" },
    onHandle: (handle: Cluster) => (cluster = handle),
    onExit: (name: string, reason: string) => {
      unexpected.push(`${name} (${reason})`);
      console.log(`     [cluster] ${name} exited (${reason})`);
    },
    log: (line: string) => console.log(`     [cluster] ${line}`),
  });
  console.log(`     cluster up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (logs in ${c.logs})`);
  const db = new pg.Pool({ connectionString: c.databaseUrl, max: 2 });
  db.on("error", () => {}); // PostgreSQL's restart below closes idle connections
  const [api1, api2] = c.urls.apiServers as [string, string];
  const [web1, web2] = c.urls.web as [string, string];

  try {
    // ── 1. Both API servers started at once on a fresh database: one migration run, one seed.
    const journal = JSON.parse(fs.readFileSync("server/migrations/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    const migrations = await db.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations group by hash",
    );
    const demo = await db.query<{ n: number }>("select count(*)::int as n from users where email = $1", [DEMO.email]);
    const errorLines = ["api-1", "api-2"].flatMap((name) =>
      fs
        .readFileSync(path.join(c.logs, `${name}.log`), "utf8")
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line)),
    );
    check(
      migrations.rows.length === journal.entries.length &&
        migrations.rows.every((row) => row.n === 1) &&
        demo.rows[0]?.n === 1 &&
        errorLines.length === 0,
      "two API servers starting at once migrate once",
      `${migrations.rows.length} migrations recorded for ${journal.entries.length} in the journal, each once: ${migrations.rows.every((row) => row.n === 1)}; demo owner seeded ${demo.rows[0]?.n}×; ${errorLines.length} error lines in the API logs`,
    );

    // ── 2. A session made through web-1 works through web-2 and through nginx.
    const login = await fetch(`${web1}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web1 },
      body: JSON.stringify(DEMO),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    const viaWeb2 = await call("GET", `${web2}/api/user-profile`, { headers: { cookie } });
    const viaNginx = await call("GET", `${c.urls.public}/api/user-profile`, { headers: { cookie } });
    const email = (viaWeb2.json.data as { email?: string } | undefined)?.email;
    check(
      login.status === 200 && viaWeb2.status === 200 && email === DEMO.email && viaNginx.status === 200,
      "a session made through one web server works through the other",
      `login on web-1 ${login.status}; user-profile on web-2 ${viaWeb2.status} (${email}), through nginx ${viaNginx.status}`,
    );

    // ── 2b. nginx micro-caches the public pages for anonymous visitors (1 s), nothing else.
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { headers, redirect: "manual" });
      await res.arrayBuffer();
      return {
        status: res.status,
        cache: res.headers.get("x-cache-status"),
        csp: res.headers.get("content-security-policy"),
      };
    };
    // Two visits in a row (within the second): the later is served by nginx. A third try covers a
    // first visit that landed on the boundary of the cached second.
    const home: Awaited<ReturnType<typeof page>>[] = [];
    for (let i = 0; i < 3 && home.at(-1)?.cache !== "HIT"; i++) home.push(await page(`${c.urls.public}/?visit=${i}`));
    const hit = home.at(-1)!;
    const signedIn = await page(`${c.urls.public}/`, { cookie });
    const bff = await page(`${c.urls.public}/api/user-profile`, { cookie });
    const dashboard = await page(`${c.urls.public}/dashboard/main`, { cookie });
    check(
      hit.status === 200 &&
        hit.cache === "HIT" &&
        !hit.csp?.includes("'nonce-") &&
        signedIn.cache === "BYPASS" &&
        bff.cache === null &&
        dashboard.cache === null,
      "nginx micro-caches the public pages for anonymous visitors only",
      `home page (query strings ignored): ${home.map((v) => `${v.status} ${v.cache}`).join(", ")}, its policy without a nonce: ${!hit.csp?.includes("'nonce-")}; ` +
        `with a session cookie: ${signedIn.cache}; /api/user-profile: ${bff.cache ?? "not cached"}; /dashboard/main: ${dashboard.cache ?? "not cached"}`,
    );

    // Fixtures, straight to the API servers: the owner's token, a programme, 21 cards.
    const token = await ok<string>(call("POST", `${api1}/login`, { body: DEMO }), "login");
    const qrToken = await programme(api1, token);
    const serials: string[] = [];
    for (let i = 0; i < 21; i++) {
      const joined = await ok<{ card: { serial: string } }>(
        call("POST", `${i % 2 ? api2 : api1}/wallet-join`, {
          body: { qr_token: qrToken, name: `Cluster ${i}`, email: `cluster-${i}@example.com`, consent: true },
          // The API servers believe loopback's X-Forwarded-For: each join from its own address.
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        }),
        "wallet-join",
      );
      serials.push(joined.card.serial);
    }
    const [concurrentSerial, ...loadSerials] = serials as [string, ...string[]];

    // ── 3. 50 concurrent staff stamps of one card, alternating between the API servers.
    const stamps = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("POST", `${i % 2 ? api2 : api1}/qr-code-scanner`, { token, body: { code: concurrentSerial } }),
      ),
    );
    // The join gave the first stamp: 49 stamps take it to 50 of 50, and the 50th scan redeems.
    // Each stamp saw the one before (its stamps_after is unique): no update was lost.
    const card = await db.query<{ stamps: number; stamps_after: number[]; redeems: number }>(
      `select c.stamps,
              array(select s.stamps_after from scans s where s.card_id = c.id and s.kind = 'stamp' order by 1) as stamps_after,
              (select count(*)::int from scans s where s.card_id = c.id and s.kind = 'redeem') as redeems
         from cards c where c.serial = $1`,
      [concurrentSerial],
    );
    const answered = stamps.filter((res) => res.status === 200).length;
    const after = card.rows[0]?.stamps_after ?? [];
    const exact = after.length === 49 && after.every((value, i) => value === i + 2);
    check(
      answered === 50 && exact && card.rows[0]?.redeems === 1 && card.rows[0]?.stamps === 0,
      "50 concurrent stamps over both API servers give exact counts",
      `${answered} answered 200; ${after.length} stamps recorded, taking the card from 1 to ${after.at(-1)} one by one: ${exact}; ` +
        `${card.rows[0]?.redeems} redeem at 50 of 50; the card now holds ${card.rows[0]?.stamps}`,
    );

    // ── 4. Rate limits are shared: 10 failed logins per email and address, whichever instance.
    const limited = async (target: (i: number) => string, headers: (i: number) => Record<string, string>) => {
      const statuses: number[] = [];
      const email = `nobody-${statuses.length}-${Date.now()}@example.com`;
      for (let i = 0; i < 11; i++) {
        const res = await call("POST", `${target(i)}/login`, {
          body: { email, password: "wrong-password-1" },
          headers: headers(i),
        });
        statuses.push(res.status);
      }
      return statuses;
    };
    const direct = await limited(
      (i) => (i % 2 ? api2 : api1),
      () => ({ "x-forwarded-for": "198.51.100.7" }),
    );
    // Through nginx (round robin over both web servers and both API servers), each request
    // claiming another address: nginx replaces X-Forwarded-For with the peer, so all count as one.
    const forged = await limited(
      () => `${c.urls.public}/api`,
      (i) => ({ origin: c.urls.public, "x-forwarded-for": `192.0.2.${i + 1}` }),
    );
    const limitedAt = (statuses: number[]) =>
      statuses.slice(0, 10).every((status) => status === 401 || status === 422) && statuses[10] === 429;
    check(
      limitedAt(direct) && limitedAt(forged),
      "rate limits are shared between the instances",
      `alternating API servers: ${direct.join(" ")}; through nginx with forged X-Forwarded-For: ${forged.join(" ")}`,
    );

    // ── 5. kill -9 of one API server while autocannon stamps through nginx.
    const countScans = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from scans where card_id in (select id from cards where serial = any($1)) and kind <> 'join'",
          [loadSerials],
        )
      ).rows[0]!.n;
    const before = await countScans();
    let killedAt = 0;
    const kill = await stampLoad(c, cookie, loadSerials, 10, async () => {
      await sleep(3000);
      c.kill("api-1", "SIGKILL");
      killedAt = Date.now();
    });
    const recorded = (await countScans()) - before;
    const acknowledged = kill.answers.filter((a) => a.status >= 200 && a.status < 300).length;
    const servedAfter = kill.answers.filter((a) => a.at > killedAt + 1000 && a.status === 200).length;
    check(
      acknowledged > 0 && recorded >= acknowledged && servedAfter > 0,
      "kill -9 of an API server loses no acknowledged stamp, the other serves on",
      `${acknowledged} stamps acknowledged, ${recorded} in the database (${recorded - acknowledged} done but unanswered); ` +
        `${servedAfter} answered 200 from 1 s after the kill; answers by status ${JSON.stringify(kill.byStatus)}, ${kill.errors} without answer`,
    );
    await c.restart("api-1");

    // ── 6. PostgreSQL restarted under load: 503 meanwhile, never 500; both reconnect.
    let restartedAt = 0;
    const restart = await stampLoad(c, cookie, loadSerials, 14, async () => {
      await sleep(3000);
      await c.stopPostgres();
      await sleep(3000);
      await c.startPostgres();
      restartedAt = Date.now();
    });
    const servedAgain = restart.answers.filter((a) => a.at > restartedAt && a.status === 200).length;
    const afterwards = await Promise.all(
      [api1, api2].map((api) => call("POST", `${api}/qr-code-scanner`, { token, body: { code: loadSerials[0] } })),
    );
    check(
      !restart.byStatus[500] &&
        (restart.byStatus[503] ?? 0) > 0 &&
        servedAgain > 0 &&
        afterwards.every((res) => res.status === 200),
      "PostgreSQL restarted under load: 503 meanwhile, never 500, and the servers reconnect",
      `answers by status ${JSON.stringify(restart.byStatus)}, ${restart.errors} without answer; ${servedAgain} answered 200 after the restart; ` +
        `a stamp on each API server afterwards: ${afterwards.map((res) => res.status).join(", ")}`,
    );
    const others = unexpected.filter((exit) => exit !== "api-1 (SIGKILL)");
    check(others.length === 0, "no other part of the cluster exited", others.join(", ") || "none");
  } finally {
    await db.end().catch(() => {});
  }
}

const timer = setTimeout(() => {
  console.error(`FAIL test:cluster took longer than ${TIME_LIMIT_MS / 60_000} minutes`);
  void cleanup().finally(() => process.exit(1));
}, TIME_LIMIT_MS);

main()
  .catch((error: unknown) => {
    failures++;
    console.error("FAIL", error);
  })
  .finally(async () => {
    clearTimeout(timer);
    await cleanup();
    const seconds = (Date.now() - startedAt) / 1000;
    console.log(`\ntest:cluster: ${failures === 0 ? "passed" : `${failures} failed`} in ${seconds.toFixed(0)} s`);
    process.exit(failures === 0 ? 0 : 1);
  });
