import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'shared', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000, passWithNoTests: true } });
