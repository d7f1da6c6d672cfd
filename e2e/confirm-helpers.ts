import { expect, type APIRequestContext, type Page, type Route } from "@playwright/test";
import { seed } from "./helpers";

/** What the confirmation specs share: the buyer's phone, its point, and a link made through the API. */

/** A point on 100 Feet Road, Indiranagar, as the buyer's phone reports it. */
export const POINT = { latitude: 12.97838, longitude: 77.64079, accuracy: 9 };
/** India Post's DIGIPIN of POINT (server/digipin). */
export const POINT_DIGIPIN = "4P3J2LT95L";
export const REVIEW_FIXTURE = "100 Feet Road, Indiranagar, Bengaluru 560038";

/** The buyer's phone: a phone-sized screen that has granted its location. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, geolocation: POINT, permissions: ["geolocation"] };

/** A verification of REVIEW_FIXTURE and a new confirmation link for it (the seeded workspace's test key unless another server and key are named). */
export async function link(request: APIRequestContext, opts: { origin?: string; key?: string; locale?: "en" | "hi"; expires_in_hours?: number } = {}) {
  const origin = opts.origin ?? "";
  const authorization = `Bearer ${opts.key ?? seed().acme.test_key}`;
  const v = await request.post(`${origin}/api/v1/addresses/verify`, { headers: { authorization }, data: { address: REVIEW_FIXTURE, order_id: "ORD-CONFIRM" } });
  expect(v.status()).toBe(200);
  const { verification_id } = (await v.json()) as { verification_id: string };
  const { locale, expires_in_hours } = opts;
  const c = await request.post(`${origin}/api/v1/confirmations`, { headers: { authorization }, data: { verification_id, locale, expires_in_hours } });
  expect(c.status()).toBe(201);
  const confirmation = (await c.json()) as { confirmation_id: string; url: string };
  const get = async () => (await (await request.get(`${origin}/api/v1/confirmations/${confirmation.confirmation_id}`, { headers: { authorization } })).json()) as Record<string, any>;
  return { ...confirmation, verification_id, token: confirmation.url.split("/c/")[1]!, get };
}

export async function shareLocation(page: Page) {
  await page.getByRole("button", { name: "Use my current location" }).click();
  await expect(page.getByTestId("device-digipin")).toHaveText("DIGIPIN 4P3-J2L-T95L, accurate to about 9 m.");
  await expect(page.getByText("Accurate enough: the courier will get this spot.")).toBeVisible();
  await expect(page.getByRole("img", { name: "DIGIPIN 4P3-J2L-T95L: the cell of your location, shown among its neighbours." })).toBeVisible();
}

/**
 * Holds back the page's scripts until `release` is called, so a test can type into the server's HTML
 * before hydration, as a buyer on a slow phone network does.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route("**/_next/static/**/*.js", (route) => (released ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}
