import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/schema/*.tables.ts', './src/infra/*.tables.ts'],
  out: './drizzle',
});
