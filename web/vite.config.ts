import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleSizeReport } from './scripts/bundle-size-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';

// The API and the live socket run on the all-in-one server (npm start, port 3000);
// in development Vite serves the app and forwards those paths so cookies stay same-origin.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  // precompress: .br and .gz beside each text file, sent as they are by the app and the gateway.
  plugins: [react(), bundleSizeReport(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, for the size report and its budget test.
    manifest: true,
    rolldownOptions: {
      output: {
        // React changes far less often than our code: its own chunk stays cached across
        // releases. Everything else is split by the pages that use it (automatic splitting):
        // a single MUI or vendor chunk would put every lazy page's libraries (charts, forms)
        // into the landing page's first load (issue #17 budget, docs/decisions.md).
        // `initial`: what the entry imports statically (rolldown's `$initial` tag), which every
        // page loads anyway, is one chunk instead of two dozen: a phone on a slow link waits a
        // round trip for each batch of requests (Lighthouse mobile: 49 requests to 19, FCP 3.0 to
        // 2.2 s, bench/README.md). Lazy pages' modules are never $initial, so none moves forward.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/ws': { target: apiServer, ws: true, changeOrigin: false },
    },
  },
});
