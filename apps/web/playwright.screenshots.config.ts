import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run screenshots`: every page of the shell at phone and desktop width into ./screenshots
// (gitignored), against the same real server set-up as the end-to-end tests.
export default defineConfig({
  ...base,
  testDir: './e2e-screenshots',
  testMatch: '*.screens.ts',
  timeout: 120_000,
});
