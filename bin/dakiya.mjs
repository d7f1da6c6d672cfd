#!/usr/bin/env node
// The operator CLI; its source is TypeScript (scripts/cli.ts), run through tsx.
import { register } from "tsx/esm/api";

register();
await import("../scripts/cli.ts");
