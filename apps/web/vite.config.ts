import { defaultClientConditions, defineConfig } from 'vite';
import { reactWithLingui } from './vite.shared.ts';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const backend = process.env.EID_DEV_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // One lazily loaded chunk per route (app-shell §2).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: `${import.meta.dirname}/src/routes`,
      generatedRouteTree: `${import.meta.dirname}/src/routeTree.gen.ts`,
    }),
    ...reactWithLingui(),
  ],
  // Workspace packages as their sources; for the rest Vite's own conditions (ESM builds, not CJS).
  resolve: { conditions: ['@eid/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      '/serveris': { target: backend, ws: true, changeOrigin: false },
      '/getFile': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
});
