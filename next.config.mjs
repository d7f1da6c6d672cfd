/** @type {import('next').NextConfig} */
const nextConfig = {
  // Packages with WASM, native drivers or files read at run time stay outside the server bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "@prisma/schema-engine-wasm",
    "pg",
    "@scalar/api-reference",
    "better-auth",
  ],
  poweredByHeader: false,
  // The e2e suite builds into its own directory, so it runs beside a developer's `npm run dev`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
};

export default nextConfig;
