/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The e2e suite builds into its own directory, so it runs beside a developer's `npm run dev`.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  typedRoutes: false,
  // `npm run typecheck` (tsc over the whole project, in CI too) checks the pages; no second pass here.
  typescript: { ignoreBuildErrors: true },
  // Every page's <title> goes in the first <head> it sends, for every browser, not streamed in after the content (Next's
  // default for dynamic pages): a screen reader announces the page by it, and a check run as the page loads finds it.
  htmlLimitedBots: /.*/,
};

export default nextConfig;
