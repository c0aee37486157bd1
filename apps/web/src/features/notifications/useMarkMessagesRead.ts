import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { MESSAGES_KEY } from './messageKeys.ts';

/** Marks one message read (all of them without an id), then refreshes the count and every list. */
export function useMarkMessagesRead(): (messageId?: string) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (MessageId?: string) => {
      try {
        await callApi(routes.notifications.setMessageReaded, MessageId ? { MessageId } : {});
      } catch (error) {
        showError(error);
      }
      await client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
    [client],
  );
}
