/**
 * Property tests (fast-check) draw from one fixed seed, so every clean run checks the same cases and
 * a red run is a change, never the draw. `FC_SEED=random` draws afresh to hunt for new failures, and
 * `FC_SEED=<n>` replays a run that failed (docs/testing.md); a failure found that way is fixed and
 * kept as an example test.
 */
import fc from "fast-check";

const seed = process.env.FC_SEED ?? "20261125";
if (seed !== "random") fc.configureGlobal({ seed: Number(seed) });
