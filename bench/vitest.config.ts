import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'bench', include: ['**/*.test.ts'], exclude: ['out/**', 'node_modules/**'], passWithNoTests: true } });
