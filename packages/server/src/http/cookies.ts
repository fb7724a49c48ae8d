import type { Request, Response } from 'express';

/** The value of cookie `name` in the request's `Cookie` header, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface CookieOptions {
  /** Seconds; 0 clears the cookie. */
  maxAge: number;
  secure: boolean;
}

/** Sets an HttpOnly, SameSite=Lax cookie on the whole origin (`Path=/`). */
export function setCookie(res: Response, name: string, value: string, options: CookieOptions): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAge}`,
  ];
  if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) parts.push('Secure');
  res.append('Set-Cookie', parts.join('; '));
}
