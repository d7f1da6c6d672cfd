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
  typedRoutes: false,
};

export default nextConfig;
