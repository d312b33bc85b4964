import { fileURLToPath } from 'node:url'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2022',
    rollupOptions: {
      // zod ships `@__PURE__` comments in places Rollup cannot use; Rollup drops them and says so for every build. They
      // are zod's, not ours, and change nothing in the bundle: kept out of the output so a newcomer's build prints no
      // warning to interpret. Every other warning still prints.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
        warn(warning)
      },
    },
  },
  // The server bundle's entry is app/app.server.ts, which wraps React Router's build in the one object server.js uses
  // (as React Router's custom-server templates do; with Vite's environment API the input is the ssr environment's).
  environments: { ssr: { build: { rollupOptions: { input: './app/app.server.ts' } } } },
  ssr: { external: ['better-sqlite3', 'sharp'] },
})
