/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colors, cssVariables, fontSizes } from './design-tokens';
import { theme } from './theme';

// Read from disk: the test runner stubs stylesheet imports.
const tokensCss = readFileSync(path.join(import.meta.dirname, '../styles/tokens.css'), 'utf8');

/** Hex case and quote style are spelling, not value (Prettier picks the quotes). */
const normalise = (value: string) => value.trim().toLowerCase().replaceAll('"', "'");

function declaredVariables(css: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    const [, name = '', value = ''] = match;
    vars[name] = normalise(value);
  }
  return vars;
}

describe('design tokens', () => {
  it('tokens.css declares every token with the same value', () => {
    const declared = declaredVariables(tokensCss);
    for (const [name, value] of Object.entries(cssVariables())) {
      expect({ name, value: declared[name] }).toEqual({ name, value: normalise(value) });
    }
  });

  it('tokens.css has no colour or size that is not a token', () => {
    const declared = Object.keys(declaredVariables(tokensCss));
    // --focus-ring is the one switch, pointing at a token, that dark bars override.
    expect(declared.filter((name) => !(name in cssVariables()))).toEqual(['--focus-ring']);
  });

  it('the MUI theme is built from the same tokens', () => {
    expect(theme.palette.primary.main).toBe(colors.primary);
    expect(theme.palette.primary.contrastText).toBe(colors.onPrimary);
    expect(theme.palette.text.primary).toBe(colors.ink);
    expect(theme.palette.background.default).toBe(colors.background);
    expect(theme.spacing(1)).toBe('4px');
    expect(theme.typography.h1.fontSize).toBe(fontSizes.h1);
  });
});
