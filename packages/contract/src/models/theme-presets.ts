import type { ThemePreset } from './theme.js';

/**
 * Ready themes, offered as presets rather than rows seeded into each account: a preset costs no
 * storage, an account's list holds only the themes it chose, and a better preset reaches every
 * account with a release (a theme made from one is the account's own copy, edited freely). Each
 * passes WCAG AA on all three pairs `contrastWarnings` checks.
 */
export const THEME_PRESETS: readonly ThemePreset[] = [
  {
    id: 'classic',
    name: 'Classic',
    colors: {
      accent: '#2456c7',
      accentText: '#ffffff',
      background: '#f3f4f6',
      surface: '#ffffff',
      text: '#1c1e21',
      muted: '#555b63',
      border: '#c9ced6',
      error: '#b3261e',
    },
    font: 'system',
    radius: 8,
    mode: 'light',
  },
  {
    id: 'ocean',
    name: 'Ocean',
    colors: {
      accent: '#006d77',
      accentText: '#ffffff',
      background: '#e6f2f3',
      surface: '#ffffff',
      text: '#0b2a33',
      muted: '#46626a',
      border: '#9cc3c8',
      error: '#b3261e',
    },
    font: 'inter',
    radius: 12,
    mode: 'light',
  },
  {
    id: 'paper',
    name: 'Paper',
    colors: {
      accent: '#7a3b12',
      accentText: '#fffaf2',
      background: '#f6f0e6',
      surface: '#fffdf8',
      text: '#2b2118',
      muted: '#6a5a4a',
      border: '#d8c8b2',
      error: '#a3231b',
    },
    font: 'lora',
    radius: 2,
    mode: 'light',
  },
  {
    id: 'midnight',
    name: 'Midnight',
    colors: {
      accent: '#8ab4ff',
      accentText: '#0b1020',
      background: '#0f1115',
      surface: '#1a1d23',
      text: '#e8eaed',
      muted: '#aab0b8',
      border: '#3d434c',
      error: '#ff8a80',
    },
    font: 'system',
    radius: 8,
    mode: 'dark',
  },
  {
    id: 'terminal',
    name: 'Terminal',
    colors: {
      accent: '#3ddc84',
      accentText: '#06150c',
      background: '#0b0f0c',
      surface: '#121a14',
      text: '#d7f5df',
      muted: '#8fb89a',
      border: '#2c4a35',
      error: '#ff7b72',
    },
    font: 'jetbrains-mono',
    radius: 0,
    mode: 'dark',
  },
];
