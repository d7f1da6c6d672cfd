import { db } from "../db";

/**
 * `n` live verifications of a workspace made in SQL, spread so that a policy with many order-value
 * thresholds tells thousands of groups apart: every score, order values over ₹0–₹9,999, both
 * payment methods and none, five states, 2,000 pincodes, some earlier returns, most with an outcome.
 */
export async function fillVerifications(workspaceId: string, n: number): Promise<void> {
  await db().$executeRawUnsafe(
    `INSERT INTO verifications (id, workspace_id, livemode, input_address, address_key, normalized, components, decision, score, validation_level,
       reasons, history, provider_name, provider_called, payment_method, order_value, reason_codes, pincode_code, state, prior_returns,
       delivery_probability, outcome, courier, created_at)
     SELECT 'ver_fill_' || $1 || '_' || g, $1, true, 'a', 'a' || g, 'a', '{}'::jsonb,
       (CASE WHEN g % 101 >= 70 THEN 'SHIP' WHEN g % 101 <= 15 THEN 'HOLD' ELSE 'REVIEW' END)::"Decision", g % 101,
       (CASE WHEN g % 101 >= 50 THEN 'building' ELSE 'street' END)::"ValidationLevel", '[]'::jsonb, '{}'::jsonb, 'simulator', true,
       (CASE g % 3 WHEN 0 THEN 'cod' WHEN 1 THEN 'prepaid' END)::"PaymentMethod", (g * 37) % 10000,
       CASE WHEN g % 7 = 0 THEN ARRAY['junk_text'] WHEN g % 5 = 0 THEN ARRAY['pincode_suggested', 'provider_building_match'] ELSE ARRAY['provider_building_match'] END,
       (110000 + g % 2000)::text, (ARRAY['Delhi', 'Karnataka', 'Bihar', 'Maharashtra', 'Kerala'])[1 + g % 5], g % 4,
       0.8, (CASE WHEN g % 10 = 0 THEN NULL WHEN g % 4 = 0 THEN 'rto' ELSE 'delivered' END)::"OutcomeKind", 'Delhivery', now() - interval '1 day'
     FROM generate_series(1, $2::int) g`,
    workspaceId,
    n,
  );
}
