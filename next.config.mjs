/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Public pages are prerendered with only the session-dependent part rendered per request (issue 6).
  cacheComponents: true,
  // The API server is a separate process; nothing from server/ belongs in the Next.js bundle.
  outputFileTracingExcludes: { "*": ["server/**", "data/**", "e2e/**"] },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(self), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
