// nginx in front of the product, from one source: the cluster's nginx.conf (scripts/cluster/cluster.mjs
// writes it into the cluster's folder on every start) and deploy/nginx.conf (compose.yaml's nginx;
// checked in as this file's output: `node scripts/cluster/nginx-conf.mjs` writes it again, and
// server/test/unit/deployment.test.ts fails when the two differ). What differs between them is
// where it listens, its upstreams, where it keeps its cache and how it treats X-Forwarded-For.
//
// The public listener: browsers → the web servers. The cluster's nginx is the only proxy the web
// servers trust (TRUSTED_PROXIES) and its clients are on loopback too, so it REPLACES
// X-Forwarded-For with the TCP peer: a client cannot choose the address the rate limits count by.
// The deployment's nginx appends the peer instead (its clients are outside TRUSTED_PROXIES, so
// the web app takes the right-most entry, nginx's; a TLS terminator in front of it keeps its own
// entry when it is trusted too). Both set X-Forwarded-Proto and compress.
// The cluster's API listener, for the web servers only (their BACKEND_API_URL): → the two API
// servers. The web server already put the client's address in X-Forwarded-For; nginx appends the
// web server's, and the API servers trust loopback (TRUST_PROXY), so they see the browser's address.
//
// The public listener also micro-caches the public pages (the home page and the legal pages:
// prerendered, the same for every visitor) for 1 s, for anonymous visitors only: a burst of visits
// costs the web servers one render a second. Never /api, the dashboard or any other path, never a
// request with a cookie, never an answer that sets one or says private/no-store/no-cache (those
// carry a CSP nonce). Keyed on the scheme and path only: the query string does not change these
// pages, so a random one cannot fill or flush the cache. X-Cache-Status says HIT, MISS, BYPASS…
// HSTS is nginx's header over https (a TLS listener in production; the cluster's is plain http,
// where browsers ignore it, so nginx sends none there).
//
// The public API (/api/v1/) goes from the public listener straight to the API servers:
// an integrator's request carries its own key (Authorization) and needs no web server; cookies are
// the web app's and are not passed on (a session never opens /v1).
//
// A request is retried on the other instance only when that is safe: nginx never passes a POST
// (or PATCH) on once it has been sent, and `non_idempotent` is deliberately not set, so a stamp is
// never counted twice. A connection that was refused (an instance that is down) was never sent,
// so it goes to the other instance whatever its method.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { publicPagePattern } from "../../lib/public-pages.mjs";

const indent = (text, spaces) =>
  text
    .split("\n")
    .map((line) => (line ? " ".repeat(spaces) + line : line))
    .join("\n");

/** What every listener does with a request and its answer (in each server block: see nginxSite). */
const PROXYING = `# The web servers cap bodies at 5 MiB (BFF_BODY_LIMIT); a little more here for multipart framing.
client_max_body_size 6m;
client_body_timeout 15s;
client_header_timeout 15s;
keepalive_timeout 65s;
send_timeout 30s;
server_tokens off;

gzip on;
gzip_comp_level 5;
gzip_min_length 1024;
gzip_proxied any;
gzip_vary on;
gzip_types text/plain text/css text/csv application/json application/javascript text/javascript
           image/svg+xml application/manifest+json;

# Kept-alive connections to the instances (HTTP/1.1 without "Connection: close"). Every location
# that sets a header of its own repeats Connection "" (nginx inherits proxy_set_header only into
# a level that sets none).
proxy_http_version 1.1;
proxy_set_header Connection "";
proxy_connect_timeout 2s;
proxy_send_timeout 30s;
proxy_read_timeout 30s;
# Answers pass through as they come: React streams pages (the shell before the slow parts) and
# a counter screen's events are an endless stream; buffering would hold both back.
proxy_buffering off;
# Idempotent requests only (see the top of scripts/cluster/nginx-conf.mjs), at most once more.
proxy_next_upstream error timeout http_502 http_504;
proxy_next_upstream_tries 2;
proxy_next_upstream_timeout 5s;`;

/**
 * The http-level part both configurations share: the cache, the upstreams and the listeners. Its
 * settings live in the server blocks, where they may differ from what an including http block
 * (the nginx image's own nginx.conf) already sets.
 * `api`: the cluster's internal API listener and its servers; `apiServers`: where the public API
 * goes when there is no such listener (the deployment's API container).
 * @param {{ listen: string, web: string[], cachePath: string, forwardedFor: "peer" | "appended",
 *   api?: { listen: string, servers: string[] }, apiServers?: string[] }} site
 * @returns {string}
 */
export function nginxSite({ listen, web, cachePath, forwardedFor, api, apiServers = api?.servers ?? [] }) {
  const client = forwardedFor === "peer" ? "$remote_addr" : "$proxy_add_x_forwarded_for";
  const publicHeaders = [
    'proxy_set_header Connection "";',
    "proxy_set_header Host $http_host;",
    "proxy_set_header X-Forwarded-Host $http_host;",
    `proxy_set_header X-Forwarded-For ${client};`,
    "proxy_set_header X-Forwarded-Proto $scheme;",
  ].join("\n");
  const apiHeaders = [
    "proxy_set_header Host $http_host;",
    "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "proxy_set_header X-Forwarded-Proto $scheme;",
    'proxy_set_header Connection "";',
  ].join("\n");
  // One instance: nothing to fail over to, so nginx never sets it aside.
  const upstream = (name, servers) =>
    `upstream ${name} {
${servers.map((server) => `  server ${server}${servers.length > 1 ? " max_fails=1 fail_timeout=5s" : ""};`).join("\n")}
  keepalive 32;
}`;

  const publicServer = `# Public: browsers.
server {
  listen ${listen};
  server_name _;
${indent(PROXYING, 2)}
  # nginx's own HSTS, one header whatever the web servers send (add_header is repeated in each
  # location that adds one of its own: nginx would not inherit it there).
  proxy_hide_header Strict-Transport-Security;
  add_header Strict-Transport-Security $hsts always;
  location / {
    proxy_pass http://web;
${indent(publicHeaders, 4)}
  }
  # A counter screen's events stay open (heartbeats every few seconds keep them alive).
  location = /api/counter-events {
    proxy_pass http://web;
${indent(publicHeaders, 4)}
    proxy_read_timeout 1h;
  }
  # The public API: to the API servers with the caller's own Authorization, never a cookie.
  location /api/v1/ {
    proxy_pass http://api;
${indent(publicHeaders, 4)}
    proxy_set_header Cookie "";
  }
  # The public pages in every language (lib/public-pages.mjs), micro-cached for anonymous visitors.
  location ~ ${publicPagePattern()} {
    proxy_pass http://web;
${indent(publicHeaders, 4)}
    # Stored uncompressed, one copy whatever the client accepts; gzip above compresses per client.
    proxy_set_header Accept-Encoding "";
    proxy_ignore_headers Vary Cache-Control Expires;
    proxy_buffering on;
    proxy_cache pages;
    proxy_cache_key $scheme$uri;
    proxy_cache_valid 200 1s;
    proxy_cache_lock on;
    # Cache-Control is ignored for the lifetime only (1 s, whatever s-maxage the page gives);
    # private/no-store/no-cache still keeps an answer out, so does a Set-Cookie (nginx's default).
    proxy_cache_bypass $http_cookie;
    proxy_no_cache $http_cookie $private_answer;
    add_header X-Cache-Status $upstream_cache_status always;
    add_header Strict-Transport-Security $hsts always;
  }
}`;

  const apiServer =
    api &&
    `# Internal: the web servers' way to the API servers.
server {
  listen ${api.listen};
${indent(PROXYING, 2)}
  # A counter screen's events stay open (heartbeats every few seconds keep them alive).
  location = /api/counter-events {
    proxy_pass http://api;
${indent(apiHeaders, 4)}
    proxy_read_timeout 1h;
  }
  location /api/ {
    proxy_pass http://api;
${indent(apiHeaders, 4)}
  }
  location / {
    return 404;
  }
}`;

  return [
    `# The micro-cache of public pages (see the top of scripts/cluster/nginx-conf.mjs).
proxy_cache_path ${cachePath} levels=1:2 keys_zone=pages:1m max_size=64m inactive=1m use_temp_path=off;
# An answer the app marks as not for shared caches is never stored (read when the answer is in).
map $upstream_http_cache_control $private_answer {
  default 0;
  ~*(private|no-store|no-cache) 1;
}
# HSTS (two years) only over https; an empty value sends no header.
map $scheme $hsts {
  https "max-age=63072000; includeSubDomains";
  default "";
}`,
    upstream("web", web),
    upstream("api", apiServers),
    publicServer,
    ...(apiServer ? [apiServer] : []),
  ].join("\n\n");
}

/**
 * The cluster's whole nginx.conf: its own process settings and paths around the shared site.
 * @param {{ dir: string, logs: string, ports: { public: number, api: number, web: number[], apiServers: number[] }, root?: boolean }} options
 * @returns {string}
 */
export function nginxConf({ dir, logs, ports, root = false }) {
  const loopback = (port) => `127.0.0.1:${port}`;
  const site = nginxSite({
    listen: loopback(ports.public),
    web: ports.web.map(loopback),
    cachePath: `${dir}/nginx/cache`,
    forwardedFor: "peer",
    api: { listen: loopback(ports.api), servers: ports.apiServers.map(loopback) },
  });
  return `# Generated by scripts/cluster/cluster.mjs: edits are overwritten on the next start.
${root ? "# Started as root: the worker runs unprivileged (Debian has no group named nobody).\nuser nobody nogroup;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${logs}/nginx-error.log warn;
daemon off;

events {
  worker_connections 1024;
}

http {
  default_type application/octet-stream;
  types {
    text/html html;
    text/css css;
    application/javascript js;
    application/json json;
    image/svg+xml svg;
    image/png png;
  }
  log_format upstream '$remote_addr "$request" $status $body_bytes_sent $request_time '
                      'upstream=$upstream_addr upstream_status=$upstream_status upstream_time=$upstream_response_time';
  access_log ${logs}/nginx-access.log upstream;

  client_body_temp_path ${dir}/nginx/client_body;
  proxy_temp_path ${dir}/nginx/proxy;
  fastcgi_temp_path ${dir}/nginx/fastcgi;
  uwsgi_temp_path ${dir}/nginx/uwsgi;
  scgi_temp_path ${dir}/nginx/scgi;

${indent(site, 2)}
}
`;
}

/** deploy/nginx.conf: the site alone, included by the nginx image's own nginx.conf (conf.d). */
export function deployNginxConf() {
  return `# GENERATED by \`node scripts/cluster/nginx-conf.mjs\` from the source of the cluster's nginx.conf:
# edit that file, not this one (server/test/unit/deployment.test.ts fails when they differ).
#
# nginx in front of the web app (compose.yaml): it appends the client to X-Forwarded-For and sets
# X-Forwarded-Proto (the web app believes them only from TRUSTED_PROXIES, README "Several
# machines"), compresses, micro-caches the public pages for anonymous visitors and sends HSTS over
# https. TLS: terminate here (listen 443 ssl with your certificate) or in front of it, and set
# X-Forwarded-Proto accordingly.

${nginxSite({
  listen: "8080",
  web: ["web:3000"],
  cachePath: "/var/cache/nginx/pages",
  forwardedFor: "appended",
  apiServers: ["api:4000"],
})}
`;
}

export const DEPLOY_NGINX_CONF = "deploy/nginx.conf";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(DEPLOY_NGINX_CONF, deployNginxConf());
  console.log(`wrote ${DEPLOY_NGINX_CONF}`);
}
