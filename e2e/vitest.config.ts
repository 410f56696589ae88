import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'e2e', include: ['**/*.test.ts'], exclude: ['node_modules/**'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, passWithNoTests: true } });
