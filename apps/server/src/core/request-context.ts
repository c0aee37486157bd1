import type { Access, Language } from '@measure/contract';
import type { RouteDocs } from './api-responses.ts';
import type { AuthContext, OperatorContext } from '../modules/auth/auth-context.ts';
import type { DeviceContext } from '../modules/devices/device-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of messages for this request, from Accept-Language. */
    lang: Language;
    /** The signed-in caller, set by the auth guard on non-public routes. */
    auth: AuthContext | null;
    /** The platform operator, set by the auth guard instead of `auth` (operator console, GetSelf, Logout). */
    operator: OperatorContext | null;
    /** The calling device, set by the auth guard on device API routes (access 'device'). */
    device: DeviceContext | null;
    /** A JSON body as it was sent (results batches hash it to tell a replay from another body). */
    bodyText: string | null;
  }
  interface FastifyContextConfig {
    /** Every API route declares who may call it; the guard denies routes that do not. */
    access?: Access;
    /** What the OpenAPI document says the route answers (api-docs.ts). */
    docs?: RouteDocs;
  }
}
