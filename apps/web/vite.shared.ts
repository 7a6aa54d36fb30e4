import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';

const configPath = `${import.meta.dirname}/lingui.config.ts`;

/**
 * React with the Lingui macros, and .po catalogs compiled on import. The macro plugin is given
 * the config explicitly: it would otherwise look for one in the current directory (the repo
 * root when run by vitest or npm test).
 */
export function reactWithLingui() {
  const linguiConfig = getConfig({ configPath, cwd: import.meta.dirname });
  return [
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    lingui({ configPath }),
  ];
}
