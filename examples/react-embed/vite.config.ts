import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// `source`: inside this repository, @formloom/react and its runtime come from their TypeScript
// sources; an app using the published packages needs nothing here.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
});
