#!/usr/bin/env node
// Entry point of `npm start` and `npx chatbot-platform`: runs the TypeScript sources through tsx,
// so a checkout works without a build step.
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
