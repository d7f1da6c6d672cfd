import { handleRestRequest } from "~/server/api/rest";

// Every method goes to the REST handler, which answers unknown ones with 405 in the contract's body.
export const dynamic = "force-dynamic";
export const GET = handleRestRequest;
export const POST = handleRestRequest;
export const PUT = handleRestRequest;
export const PATCH = handleRestRequest;
export const DELETE = handleRestRequest;
export const HEAD = handleRestRequest;
export const OPTIONS = handleRestRequest;
