import { ApiReference } from "@scalar/nextjs-api-reference";

// Scalar's renderer, served from this app (app/docs/scalar.js) so /docs works without internet.
export const GET = ApiReference({
  url: "/api/v1/openapi.json",
  cdn: "/docs/scalar.js",
  pageTitle: "Dakiya API reference",
});
