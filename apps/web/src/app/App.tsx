import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '../shared/api/queryClient.ts';
import { MessageBridge } from '../shared/feedback/MessageBridge.tsx';
import { createAppRouter } from './router.tsx';
import './global.css';

export function App() {
  const { i18n } = useTranslation();
  const [router] = useState(createAppRouter);
  return (
    <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN}>
      <MessageBridge />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
