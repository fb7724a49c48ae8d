import { describe, expect, it } from 'vitest';
import { detectContentType } from './content-type.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('content type from the bytes', () => {
  it('an SVG is recognised by its content, whatever the client claims', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';
    expect(await detectContentType(bytes(svg), 'text/plain')).toBe('image/svg+xml');
    const prolog = `\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n${svg}`;
    expect(await detectContentType(bytes(prolog), 'application/octet-stream')).toBe('image/svg+xml');
    // Claiming SVG does not make HTML one.
    expect(await detectContentType(bytes('<html><body>hi</body></html>'), 'image/svg+xml')).toBe(
      'text/plain',
    );
    expect(await detectContentType(bytes('<svgfoo>'), 'image/svg+xml')).toBe('text/plain');
  });
});
