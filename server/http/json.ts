import { DakiyaError } from "../errors";
import { jsonNestsTooDeep, nestingError } from "../api/text";

/**
 * Every JSON body the server parses itself (REST, sign-in, Inngest): nesting deeper than the
 * contract's 32 levels is refused before the text is parsed, in one linear pass, so nothing after
 * (the parser, the input checks, a schema, a library) ever walks it.
 */
export function parseJson(text: string): unknown {
  if (jsonNestsTooDeep(text)) throw nestingError();
  try {
    return JSON.parse(text);
  } catch {
    throw new DakiyaError("invalid_request", "The request body is not valid JSON.", { details: [] });
  }
}
