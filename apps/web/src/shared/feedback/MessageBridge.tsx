import { message } from 'antd';
import { useEffect } from 'react';
import { bindMessageApi, MESSAGE_DURATION } from './notify.ts';

/**
 * Creates antd's context-aware message API and hands it to `notify`, which non-React code (the API
 * client) uses. antd's <App> would also do this, but it bundles the modal and notification APIs
 * into every first load; dialogs are created where they are needed instead.
 */
export function MessageBridge() {
  const [api, holder] = message.useMessage({ duration: MESSAGE_DURATION.default, maxCount: 3 });
  useEffect(() => {
    bindMessageApi(api);
    return () => bindMessageApi(null);
  }, [api]);
  return holder;
}
