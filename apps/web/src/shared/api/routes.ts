import type { apiRoutes, RouteDefinition } from '@measure/contract';
import { routePaths } from '@measure/contract/route-paths.generated';

type Api = typeof apiRoutes;

/**
 * A contract route reduced to what a request needs. The full definition is carried as a type only:
 * importing `apiRoutes` at runtime builds every zod schema, which would put zod into the login
 * route's first load. The method and path come from the contract's generated table.
 */
export interface RouteRef<R extends RouteDefinition> {
  readonly method: R['method'];
  readonly path: string;
  /** Never set: lets `callApi` infer the input and result types from the contract definition. */
  readonly definition?: R;
}

/** Every call of the API, grouped like `apiRoutes`; typed by the contract's definitions. */
export type RouteRefs = {
  readonly [G in keyof Api]: { readonly [N in keyof Api[G]]: RouteRef<Api[G][N] & RouteDefinition> };
};

/** The assignment fails to typecheck when the table lacks a route or a method differs. */
export const routes: RouteRefs = routePaths;
