import { expect } from "vitest";
import type { Api } from "./helpers";

/** What the confirmation tests share: a REVIEW fixture, a point on its street, the buyer page's calls. */
export const REVIEW = "100 Feet Road, Indiranagar, Bengaluru 560038";
export const HOLD_NO_PINCODE = "Indiranagar, Bengaluru, Karnataka";
/** A point on 100 Feet Road, Indiranagar. */
export const POINT = { lat: 12.97838, lng: 77.64079 };

export async function verificationId(api: Api, key: string, address = REVIEW): Promise<string> {
  const res = await api("POST", "/addresses/verify", { key, body: { address, order_id: "ORD-C1" } });
  expect(res.status).toBe(200);
  return res.body.verification_id;
}

export const tokenOf = (url: string) => url.slice(url.lastIndexOf("/c/") + 3);

export type LinkPage = (procedure: "view" | "locate" | "submit", input: Record<string, unknown>) => Promise<{ status: number; data: any; code: string | undefined }>;

/** The buyer's page's procedures, over the tRPC endpoint it calls, without a session; `server`'s origin is read at each call. */
export function linkPage(server: { origin: string }): LinkPage {
  return async (procedure, input) => {
    const url = `${server.origin}/api/trpc/confirmations.link.${procedure}`;
    const res =
      procedure === "view"
        ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`)
        : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
    const body = (await res.json()) as { result?: { data: any }; error?: { data: { api: { code: string } } } };
    return { status: res.status, data: body.result?.data, code: body.error?.data.api.code };
  };
}

/** The address parts of REVIEW as the page sends them, with the buyer's changes. */
export function parts(overrides: Record<string, string> = {}) {
  return {
    house: "",
    building: "",
    street: "100 Feet Road",
    locality: "Indiranagar",
    landmark: "",
    city: "Bengaluru",
    district: "Bengaluru Urban",
    state: "Karnataka",
    pincode: "560038",
    ...overrides,
  };
}
