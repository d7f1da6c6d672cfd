import { REASONS, type ReasonCode } from "../../lib/reasons";

// The catalogue is in lib/ so the console's pages read the same words without bundling the domain.
export { REASONS, type ReasonCode };

export interface Reason {
  code: ReasonCode;
  message: string;
}

export function reason(code: ReasonCode, message: string = REASONS[code]): Reason {
  return { code, message };
}
