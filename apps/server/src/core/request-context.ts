import type { Access, Language } from '@measure/contract';
import type { AuthContext } from '../modules/auth/auth-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of messages for this request, from Accept-Language. */
    lang: Language;
    /** The signed-in caller, set by the auth guard on non-public routes. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Every API route declares who may call it; the guard denies routes that do not. */
    access?: Access;
  }
}
