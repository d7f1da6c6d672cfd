-- The three plans of the contract. Units are stored in tenths (100 units = 1000 tenths).
-- Rate limits: test keys 5/min on normalize and 60/min elsewhere, live keys 600/min per endpoint.
INSERT INTO "plans" ("id", "included_tenths", "batch_cap", "overage_paise_per_unit", "test_normalize_per_minute", "test_per_minute", "live_per_minute")
VALUES
  ('free',    1000,   100,  NULL, 5, 60, 600),
  ('starter', 50000,  1000, 50,   5, 60, 600),
  ('growth',  500000, 1000, 30,   5, 60, 600)
ON CONFLICT ("id") DO NOTHING;
