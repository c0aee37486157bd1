import { z } from 'zod';
import { defineRoute } from './define.ts';

/** Encrypted login fields are URL-encoded base64, so the limit is generous but bounded. */
const encryptedField = z.string().min(1, 'rules.required').max(1024, 'rules.maxLength');

export const authRoutes = {
  authLogin: defineRoute({
    method: 'POST',
    path: '/api/sys/Auth/AuthLogin',
    access: 'public',
    throttled: true,
    tag: 'auth',
    summary:
      'Sign in. Email and Password are each encodeURIComponent(base64(AES-128-ECB-PKCS7(text, LOGIN_AES_KEY))). ' +
      'Result is the session token, or "<message>#<token>" when the password must be changed first.',
    body: z.object({
      Email: encryptedField,
      Password: encryptedField,
      TokenType: z.union([z.string().max(32), z.number()]).optional(),
    }),
    result: z.string(),
  }),
  getTokenById: defineRoute({
    method: 'POST',
    path: '/api/sys/Auth/GetTokenByID',
    access: 'public',
    tag: 'auth',
    summary: 'Exchange a one-time login ticket (from CreateLoginTicket) for a session token',
    body: z.object({ Id: z.string().trim().min(1, 'rules.required').max(128, 'rules.maxLength') }),
    result: z.string(),
  }),
  createLoginTicket: defineRoute({
    method: 'POST',
    path: '/api/sys/Auth/CreateLoginTicket',
    access: 'authenticated',
    tag: 'auth',
    summary: 'Create a single-use login ticket for the signed-in user, valid for 60 seconds',
    result: z.object({ Id: z.string(), ExpiresAt: z.string() }),
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/sys/Auth/Logout',
    access: 'signedIn',
    tag: 'auth',
    summary: 'End the current session',
    result: z.null(),
  }),
};
