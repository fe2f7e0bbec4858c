import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // redux-persist ships CommonJS beside its ES build; bundling it into the prerender keeps the
  // ES build in use there too (../shared/notes/machine-facts.md).
  ssr: { noExternal: ['redux-persist'] },
});
