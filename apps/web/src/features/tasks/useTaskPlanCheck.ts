import type { HouseholdRef, Stage } from '@measure/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';

/** Spec section 9: the default debounce wait. */
const DEBOUNCE_MS = 200;

/**
 * The server's pre-save check of a plan (`CheckTask`): the items that would be frozen and the
 * warnings (households without a house type, items needing design values that site types lack),
 * asked again a moment after the households or the stage change.
 */
export function useTaskPlanCheck(
  projectId: string | undefined,
  stage: Stage | undefined,
  households: HouseholdRef[],
) {
  const [settled, setSettled] = useState(households);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(households), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [households]);
  return useQuery({
    queryKey: ['tasks', 'check', projectId, stage, settled],
    queryFn: ({ signal }) =>
      callApi(
        routes.tasks.checkTask,
        { ProjectId: projectId as string, Stage: stage as Stage, Households: settled },
        { signal },
      ),
    enabled: Boolean(projectId && stage && settled.length > 0),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
