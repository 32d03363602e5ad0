// The deployable image cannot be built here (no container registry), so it is
// checked offline: the Dockerfile by dockerfile-utils' validator (the linter behind the Docker
// language server: syntax, instruction arguments, durations, stage references), compose.yaml by
// reading it as Compose reads it, and the nginx configuration by nginx itself (`nginx -t`).
// Every way of starting the web server, and both nginx configurations, come from one source each:
// the checks below fail when one of them says something else.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validate } from "dockerfile-utils";
import { parse } from "yaml";

const root = path.join(__dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** What an ES module of scripts/ exports (Jest's sandbox loads CommonJS only): JSON values, or a function's result. */
function fromModule<T>(file: string, expression: string): T {
  const code = `const m = await import(${JSON.stringify(path.join(root, file))}); console.log(JSON.stringify(${expression}));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: root, encoding: "utf8" }),
  );
}

const nginxBinary = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

/** `nginx -t` of a whole configuration written into `dir`; answers what nginx printed (nothing when it passes). */
function nginxTest(dir: string, conf: string): string {
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  return execFileSync(nginxBinary, ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The instructions of one stage, from its FROM to the next. */
function stage(dockerfile: string, name: string): string {
  const start = dockerfile.search(new RegExp(`^FROM .+ AS ${name}$`, "m"));
  expect(start).toBeGreaterThanOrEqual(0);
  const next = dockerfile.slice(start + 1).search(/^FROM /m);
  return next < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
}

describe("Dockerfile", () => {
  const dockerfile = read("Dockerfile");

  it("has no problem the Dockerfile linter finds", () => {
    expect(validate(dockerfile, {}).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it("the linter does find problems (the check above can fail)", () => {
    const broken = "FROM node:20\nEXPOSE http\nHEALTHCHECK --interval=soon CMD true\nUSER\n";
    expect(validate(broken, {}).length).toBe(3);
  });

  it("runs both servers as the unprivileged user, on production modules only, with health checks", () => {
    const runtime = stage(dockerfile, "runtime");
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/COPY --from=prod-deps \/app\/node_modules/);
    expect(runtime).not.toMatch(/COPY --from=(deps|build) \/app\/node_modules/);
    expect(stage(dockerfile, "prod-deps")).toMatch(/npm ci --omit=dev/);
    for (const target of ["api", "web"]) {
      const text = stage(dockerfile, target);
      expect(text).toMatch(/^FROM runtime AS/m);
      expect(text).toMatch(/^HEALTHCHECK /m);
      expect(text).not.toMatch(/^USER root$/m);
    }
  });
});

describe("compose.yaml", () => {
  type Service = {
    image?: string;
    build?: unknown;
    ports?: string[];
    init?: boolean;
    restart?: string;
    environment?: Record<string, string>;
    depends_on?: Record<string, { condition: string }>;
    healthcheck?: unknown;
  };
  const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it("runs PostgreSQL, the migrations once, the API, the web app and nginx", () => {
    expect(Object.keys(services).sort()).toEqual(["api", "migrate", "nginx", "postgres", "web"]);
    expect(services.migrate!.restart).toBe("no");
    expect(services.api!.depends_on).toEqual({ migrate: { condition: "service_completed_successfully" } });
    expect(services.api!.environment).toMatchObject({ MIGRATE_ON_START: "false", NODE_ENV: "production" });
    expect(services.web!.depends_on).toEqual({ api: { condition: "service_healthy" } });
    expect(services.nginx!.depends_on).toEqual({ web: { condition: "service_healthy" } });
  });

  it("publishes nginx alone, and refuses to start without the production settings", () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(["nginx"]);
    for (const name of ["SESSION_SECRET", "PUBLIC_APP_URL", "SMTP_URL", "PAYMENTS_MODE"]) {
      expect(read("compose.yaml")).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    }
    expect(services.api!.init).toBe(true);
    expect(services.web!.init).toBe(true);
  });
});

describe("the web server's start", () => {
  const command = fromModule<{ args: string[]; env: Record<string, string>; line: string }>(
    "scripts/lib/web-server-command.mjs",
    "{ args: m.WEB_SERVER_ARGS, env: m.WEB_MEMORY_ENV, line: m.WEB_SERVER_COMMAND_LINE }",
  );

  it("carries the measured memory settings", () => {
    expect(command.args).toEqual(
      expect.arrayContaining([
        "--max-semi-space-size=1",
        "--max-old-space-size=96",
        "--optimize-for-size",
        // TurboFan's compilation memory was the last ~20 MB of the peak.
        "--max-optimized-bytecode-size=4096",
        "--no-turbo-inlining",
      ]),
    );
    expect(command.env).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(command.line).toBe(
      "MALLOC_ARENA_MAX=2 node --max-semi-space-size=1 --max-old-space-size=96 --optimize-for-size " +
        "--max-optimized-bytecode-size=4096 --no-turbo-inlining dist/web-server.cjs",
    );
  });

  it("uses only flags this Node accepts (V8 flags come and go between versions: node refuses to start)", () => {
    const flags = command.args.filter((arg) => arg.startsWith("--"));
    expect(execFileSync(process.execPath, [...flags, "-e", "console.log('started')"], { encoding: "utf8" })).toBe(
      "started\n",
    );
  });

  it("loads each route's server bundle on its first request, not all of them at start", () => {
    // Next.js's default requires every route at start (5 MB at start, 3 MB at the peak).
    const experimental = fromModule<Record<string, unknown>>("next.config.mjs", "m.default.experimental ?? {}");
    expect(experimental.preloadEntriesOnStart).toBe(false);
  });

  it("is the same in the image: its web CMD and environment", () => {
    const web = stage(read("Dockerfile"), "web");
    const cmd = /^CMD (\[.*\])$/m.exec(web)?.[1];
    expect(JSON.parse(cmd ?? "null")).toEqual(["node", ...command.args]);
    for (const [name, value] of Object.entries(command.env))
      expect(web).toMatch(new RegExp(`^ENV ${name}=${value}$`, "m"));
  });

  it("is the same in package.json's start:web", () => {
    expect((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts["start:web"]).toBe(
      command.line,
    );
  });

  it("is taken from scripts/lib/web-server-command.mjs by every script that starts it", () => {
    const starters = [
      "scripts/start.mjs",
      "scripts/cluster/cluster.mjs",
      "scripts/scan.mjs",
      "playwright.config.ts",
      "e2e/site.spec.ts",
      "bench/servers.mts",
    ];
    for (const file of starters)
      expect([file, read(file)]).toEqual([file, expect.stringMatching(/lib\/web-server-command\.mjs"/)]);
    // Nothing else names the built server, but the build and the benchmarks (which start it
    // through bench/servers.mts's startNode, with the module's flags).
    const naming: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.(m?[jt]s|mts)$/.test(entry.name) && read(file).includes("web-server.cjs")) naming.push(file);
      }
    };
    for (const dir of ["scripts", "e2e", "bench"]) walk(dir);
    if (read("playwright.config.ts").includes("web-server.cjs")) naming.push("playwright.config.ts");
    const allowed = [
      "scripts/lib/web-server-command.mjs",
      "scripts/build-web-server.mjs",
      "scripts/lib/build-state.mjs",
    ];
    expect(naming.filter((file) => !allowed.includes(file) && !file.startsWith("bench/"))).toEqual([]);
    for (const file of naming.filter((f) => f.startsWith("bench/") && f !== "bench/servers.mts")) {
      expect([file, read(file)]).toEqual([file, expect.stringMatching(/startNode\(\s*"dist\/web-server\.cjs"/)]);
    }
  });
});

describe("deploy/nginx.conf", () => {
  it("is what scripts/cluster/nginx-conf.mjs generates (node scripts/cluster/nginx-conf.mjs writes it)", () => {
    expect(read("deploy/nginx.conf")).toBe(fromModule<string>("scripts/cluster/nginx-conf.mjs", "m.deployNginxConf()"));
  });

  it("is a configuration nginx accepts, inside the nginx image's own http block", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
    try {
      // Compose's service names do not resolve here, nor is the image's cache folder writable:
      // the same file with loopback and a temporary folder in their place.
      const site = read("deploy/nginx.conf")
        .replace(/\bserver (web|api):/g, "server 127.0.0.1:")
        .replace(/http:\/\/(web|api):/g, "http://127.0.0.1:")
        .replaceAll("/var/cache/nginx/", `${dir}/`);
      fs.writeFileSync(path.join(dir, "site.conf"), site);
      // What the official image's nginx.conf sets around conf.d (a duplicate of it is an error).
      const conf =
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n` +
        `  default_type application/octet-stream;\n  sendfile on;\n  keepalive_timeout 65;\n` +
        `  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};\n` +
        `  uwsgi_temp_path ${dir}; scgi_temp_path ${dir};\n  include ${dir}/site.conf;\n}\n`;
      expect(nginxTest(dir, conf)).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the public API", () => {
  const location = (conf: string) => conf.match(/location \/api\/v1\/ \{([^}]*)\}/)?.[1] ?? "";
  it("goes from the public listener to the API servers, without the web app's cookies", () => {
    const ports = { public: 5140, api: 5141, web: [5142, 5143], apiServers: [5144, 5145] };
    const cluster = fromModule<string>(
      "scripts/cluster/nginx-conf.mjs",
      `m.nginxConf(${JSON.stringify({ dir: "/tmp/x", logs: "/tmp/x", ports })})`,
    );
    for (const conf of [read("deploy/nginx.conf"), cluster]) {
      expect(location(conf)).toContain("proxy_pass http://api;");
      expect(location(conf)).toContain('proxy_set_header Cookie "";');
    }
    expect(read("deploy/nginx.conf")).toMatch(/upstream api \{\s+server api:4000;/);
    expect(cluster).toMatch(/upstream api \{\s+server 127\.0\.0\.1:5144 [^;]*;\s+server 127\.0\.0\.1:5145/);
  });
});

describe("the cluster's nginx.conf", () => {
  it("is a configuration nginx accepts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-cluster-"));
    try {
      fs.mkdirSync(path.join(dir, "logs"));
      fs.mkdirSync(path.join(dir, "nginx"));
      const options = {
        dir,
        logs: `${dir}/logs`,
        ports: { public: 5140, api: 5141, web: [5142, 5143], apiServers: [5144, 5145] },
      };
      const conf = fromModule<string>("scripts/cluster/nginx-conf.mjs", `m.nginxConf(${JSON.stringify(options)})`);
      expect(nginxTest(dir, conf)).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
