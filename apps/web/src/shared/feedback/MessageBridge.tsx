import { message } from 'antd';
import { useEffect } from 'react';
import { AntdProvider } from '../i18n/AntdProvider.tsx';
import { bindMessageApi, MESSAGE_DURATION } from './notify.ts';

/**
 * antd's context-aware message API, handed to `notify`, which non-React code (the API client)
 * uses. Loaded by MessageHost when the first message is shown or the shell asks for it; antd's
 * <App> would also do this, but it bundles the modal and notification APIs too.
 */
export default function MessageBridge() {
  return (
    <AntdProvider>
      <Bridge />
    </AntdProvider>
  );
}

function Bridge() {
  const [api, holder] = message.useMessage({ duration: MESSAGE_DURATION.default, maxCount: 3 });
  useEffect(() => {
    bindMessageApi(api);
    return () => bindMessageApi(null);
  }, [api]);
  return holder;
}
