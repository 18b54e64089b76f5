/** @type {import('next').NextConfig} */
const nextConfig = {
  // The dashboard is an internal tool: no telemetry header, no source maps shipped to browsers.
  poweredByHeader: false,
  productionBrowserSourceMaps: false,
  // The launcher and tests own the sandbox process; Miniflare (the local bucket) starts workerd, never bundled.
  serverExternalPackages: ["miniflare", "zod"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
