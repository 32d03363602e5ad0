// `npm run bench` (loyalty part): the staff scanner's throughput and p99 through the BFF and
// directly on the API server (autocannon, 10 s, 50 connections), and /add-to-wallet's first-load
// JavaScript beside the home page's. Runs the built servers (npm run build) as child processes, on
// the embedded database, or on PostgreSQL when DATABASE_URL is set.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const API_PORT = Number(process.env.BENCH_API_PORT ?? 4690);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3690);
const api = `http://127.0.0.1:${API_PORT}/api`;
const web = `http://127.0.0.1:${WEB_PORT}`;
const DEMO = { email: "demo@example.com", password: "demo-password" };

function start(command: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [command], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload });
  const json = (await res.json()) as { data: T; auth_token?: string };
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return (json.auth_token ?? json.data) as T;
}

async function fixtures() {
  const token = await call<string>("POST", `${api}/login`, null, DEMO);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    business_name: "Bench Café",
    address: "1 Bench Road",
    business_category: "Café and Coffee Shop",
    state: "Greater London",
    city: "London",
    zip_code: "EC1A 1BB",
    country_name: "United Kingdom",
  }))
    form.append(k, v);
  const business = await call<{ id: number }>("POST", `${api}/add-business`, token, form);
  // 50 stamps a reward: most scans stamp, one in 51 redeems (both are the real work of a scan).
  const reward = await call<{ id: number }>("POST", `${api}/add-reward`, token, {
    business_id: business.id,
    title: "Free coffee",
    stamps_required: 50,
  });
  const qr = await call<{ qr_token: string }>("POST", `${api}/generate-qr`, token, {
    business_id: business.id,
    reward_id: reward.id,
    label: "Counter",
  });
  // A counter serves many customers: the load spreads over 200 cards (one card would measure
  // only its row lock, which serialises scans of the same card by design).
  const serials: string[] = [];
  for (let i = 0; i < 200; i++) {
    const joined = await call<{ card: { serial: string } }>("POST", `${api}/wallet-join`, null, {
      qr_token: qr.qr_token,
      name: "Bench Customer",
      email: `bench-${i}-${Date.now()}@example.com`,
      consent: true,
    });
    serials.push(joined.card.serial);
  }
  return { token, qrToken: qr.qr_token, serials };
}

async function bffCookie(): Promise<string> {
  const res = await fetch(`${web}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: web },
    body: JSON.stringify(DEMO),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`BFF login failed: ${res.status}`);
  return cookie;
}

async function load(url: string, headers: Record<string, string>, serials: string[]) {
  let next = 0;
  const result = await autocannon({
    url,
    method: "POST",
    connections: 50,
    duration: 10,
    headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: serials[next++ % serials.length] }) }),
      },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, errors };
}

/** The scripts a page loads on first visit, gzipped, by URL. */
async function pageScripts(pathName: string): Promise<Map<string, number>> {
  const html = await (await fetch(`${web}${pathName}`)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const sizes = new Map<string, number>();
  for (const src of new Set(sources)) {
    const bytes = Buffer.from(await (await fetch(new URL(src, web))).arrayBuffer());
    sizes.set(src, gzipSync(bytes).byteLength);
  }
  return sizes;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-loyalty-"));
  const env = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    SEED_DEMO_USER: "true",
    RATE_LIMIT_FACTOR: "1000",
    SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
  };
  const apiServer = start("server/dist/main.cjs", { ...env, API_PORT: String(API_PORT) });
  const webServer = start("dist/web-server.cjs", {
    ...env,
    PORT: String(WEB_PORT),
    HOSTNAME: "127.0.0.1",
    BACKEND_API_URL: api,
    PUBLIC_APP_URL: web,
  });
  let failed = 0;
  try {
    await waitFor(`${api}/health`);
    await waitFor(`${web}/login`);
    const f = await fixtures();

    const direct = await load(
      `${api}/qr-code-scanner`,
      { "content-type": "application/json", authorization: `Bearer ${f.token}` },
      f.serials,
    );
    const bff = await load(
      `${web}/api/qr-code-scanner`,
      { "content-type": "application/json", origin: web, cookie: await bffCookie() },
      f.serials,
    );
    const ratio = direct.p99 > 0 ? bff.p99 / direct.p99 : 0;
    const rpsRatio = bff.rps > 0 ? direct.rps / bff.rps : 0;
    const report = (name: string, r: typeof direct, target?: number) => {
      const ok = r.errors === 0 && (target === undefined || r.p99 <= target);
      if (!ok) failed++;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${name.padEnd(52)} ${r.rps.toFixed(0)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}` +
          (target === undefined ? "" : `  (target p99 ≤ ${target} ms)`),
      );
    };
    report(`staff stamps, API direct (${kind})`, direct);
    report(`staff stamps, through the BFF (${kind})`, bff, kind === "PostgreSQL" ? 25 : undefined);
    const overheadOk = ratio <= 1.3;
    if (!overheadOk) failed++;
    console.log(
      `${overheadOk ? "ok  " : "FAIL"} ${"BFF overhead (p99 BFF / p99 direct)".padEnd(52)} ${ratio.toFixed(2)}×  (throughput ${rpsRatio.toFixed(2)}×; target ≤ 1.3×)`,
    );

    if (kind === "PGlite") {
      const [home, wallet] = await Promise.all([pageScripts("/"), pageScripts(`/add-to-wallet?qr_token=${f.qrToken}`)]);
      const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
      const extra = [...wallet].filter(([src]) => !home.has(src)).reduce((a, [, n]) => a + n, 0);
      const above = sum(wallet) - sum(home);
      const ok = above <= 20 * 1024;
      if (!ok) failed++;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${"/add-to-wallet first-load JS (gzip) vs /".padEnd(52)} ${kb(sum(wallet))} vs ${kb(sum(home))}: ${kb(above)} above (${kb(extra)} in its own chunks; target ≤ 20 kB above)`,
      );
      const html5 = [...wallet.keys()].some((src) => src.includes("html5"));
      console.log(`${html5 ? "FAIL" : "ok  "} ${"html5-qrcode not in /add-to-wallet's first load".padEnd(52)}`);
      if (html5) failed++;
    }
  } finally {
    apiServer.kill();
    webServer.kill();
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
