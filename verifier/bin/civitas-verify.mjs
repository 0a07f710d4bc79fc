#!/usr/bin/env node
// In this repository the TypeScript sources run through tsx; `npm run build -w civitas-verify`
// writes dist/civitas-verify.mjs, one file that needs nothing but Node, for anyone else.
import { tsImport } from 'tsx/esm/api';

await tsImport('../src/cli.ts', import.meta.url);
