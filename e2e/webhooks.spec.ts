import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "@playwright/test";
import { E2E } from "./env";
import { expectAccessible, shot, trpc } from "./helpers";

test.use({ storageState: E2E.state.owner });

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test("add a webhook endpoint and send it a signed test event", async ({ page }) => {
  // A local receiver: plain http is allowed for localhost.
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/dakiya`;

  try {
    await page.goto("/webhooks");
    await page.getByLabel("Endpoint URL (https)").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await page.getByLabel("Signing secret of the new endpoint").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Done" }).click();

    const endpoint = page.locator("[data-webhook-id]").filter({ hasText: url });
    await expect(endpoint).toContainText("Enabled");
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await expect(endpoint.getByRole("status")).toContainText("Test event queued");

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [event] = received;
    const payload = new Webhook(secret).verify(event!.body, {
      "webhook-id": String(event!.headers["webhook-id"]),
      "webhook-timestamp": String(event!.headers["webhook-timestamp"]),
      "webhook-signature": String(event!.headers["webhook-signature"]),
    }) as { type: string };
    expect(payload.type).toBe("test.ping");

    const delivery = page.locator(`[data-delivery-id="${String(event!.headers["webhook-id"])}"]`);
    await expect(delivery).toContainText("Delivered");
    await expect(delivery.getByTestId("response-code")).toHaveText("204");
    await expect(delivery).toContainText(/\d+ ms/);
    await shot(page, "webhooks");
    await expectAccessible(page);

    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(endpoint).toContainText("Disabled");
    await expect(endpoint.getByRole("button", { name: "Send test event" })).toBeDisabled();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("an owner removes an endpoint after confirming; a viewer is not offered Remove", async ({ page, browser }) => {
  const url = "https://hooks.example/to-remove";
  const added = await trpc(page, "console.webhooks.add", { url });
  expect(added.status).toBe(200);

  const viewerContext = await browser.newContext({ storageState: E2E.state.viewer });
  try {
    const viewer = await viewerContext.newPage();
    await viewer.goto("/webhooks");
    await expect(viewer.locator("[data-webhook-id]").filter({ hasText: url })).toBeVisible();
    await expect(viewer.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  } finally {
    await viewerContext.close();
  }

  await page.goto("/webhooks");
  const endpoint = page.locator("[data-webhook-id]").filter({ hasText: url });
  await endpoint.getByRole("button", { name: `Remove ${url}` }).click();
  const question = endpoint.getByRole("alertdialog", { name: /Remove this endpoint/ });
  await expect(question).toBeVisible();
  // Keeping it changes nothing; focus goes back to Remove.
  await question.getByRole("button", { name: "Keep" }).click();
  await expect(endpoint.getByRole("button", { name: `Remove ${url}` })).toBeFocused();
  await endpoint.getByRole("button", { name: `Remove ${url}` }).click();
  await expect(question.getByRole("button", { name: "Yes, remove" })).toBeFocused();
  await question.getByRole("button", { name: "Yes, remove" }).click();
  await expect(endpoint).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(url)).toHaveCount(0);
});
