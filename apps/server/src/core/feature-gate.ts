import { ErrorCode } from '@measure/contract';
import type { FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db/database-handle.ts';
import { AppError, notFound } from './app-error.ts';
import { FeatureGateRepository } from './feature-gate-repository.ts';

/**
 * A feature a company may have switched off (spec section 6): robot tasks (task dispatch to robots and
 * the robot pages), modelling, external walls.
 */
export type GatedFeature = 'robotTask' | 'modeling' | 'externalWall';

/**
 * The company's feature switches. Web calls of a switched-off feature answer Code 403
 * `features.notEnabled` naming the feature in the caller's language (`assertEnabled`); public share
 * reads answer 404 instead (`assertEnabledOrNotFound`), so a share reveals nothing of the company.
 * Device calls are never gated: whatever a device sends is kept for when the switch goes on.
 */
export class FeatureGate {
  constructor(private readonly db: DbExecutor) {}

  async enabled(companyId: string, feature: GatedFeature): Promise<boolean> {
    const flags = await new FeatureGateRepository(this.db).flags(companyId);
    return flags?.[feature] ?? false;
  }

  async assertEnabled(companyId: string, feature: GatedFeature): Promise<void> {
    if (!(await this.enabled(companyId, feature))) throw featureNotEnabled(feature);
  }

  async assertEnabledOrNotFound(companyId: string, feature: GatedFeature): Promise<void> {
    if (!(await this.enabled(companyId, feature))) throw notFound();
  }
}

export const featureNotEnabled = (feature: GatedFeature) =>
  new AppError(ErrorCode.Forbidden, 'features.notEnabled', { feature: { key: `features.${feature}` } });

/**
 * registerRoute's `gate` option for a web call of a gated feature: checked on every call (before the
 * body is validated), so a switch turned off while a page is open answers the translated 403 on the
 * page's next call. Device calls never take it.
 */
export const requireFeature =
  (gate: FeatureGate, feature: GatedFeature) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.auth) await gate.assertEnabled(request.auth.companyId, feature);
  };
