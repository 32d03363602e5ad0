// The deployable image (issue 18 point 8) cannot be built here (no container registry), so it is
// checked offline: the Dockerfile by dockerfile-utils' validator (the linter behind the Docker
// language server: syntax, instruction arguments, durations, stage references), compose.yaml by
// reading it as Compose reads it, and the nginx configuration by nginx itself (`nginx -t`).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validate } from "dockerfile-utils";
import { parse } from "yaml";

const root = path.join(__dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

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

describe("deploy/nginx.conf", () => {
  it("is a configuration nginx accepts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
    try {
      // Compose's service names do not resolve here, nor is the image's cache folder writable:
      // the same file with loopback and a temporary folder in their place.
      const site = read("deploy/nginx.conf")
        .replace(/\bserver (web|api):/g, "server 127.0.0.1:")
        .replace(/http:\/\/(web|api):/g, "http://127.0.0.1:")
        .replaceAll("/var/cache/nginx/", `${dir}/`);
      fs.writeFileSync(path.join(dir, "site.conf"), site);
      fs.writeFileSync(
        path.join(dir, "nginx.conf"),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n` +
          `  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};\n` +
          `  uwsgi_temp_path ${dir}; scgi_temp_path ${dir};\n  include ${dir}/site.conf;\n}\n`,
      );
      const nginx = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
      const out = execFileSync(nginx, ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(out).toBe("");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
