import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { MessageHost } from '../shared/feedback/MessageHost.tsx';
import { createAppRouter } from './router.tsx';
import './global.css';

/**
 * The root holds only the router and the message bar. antd (with its ConfigProvider and locale) and
 * the query client come with the pages that use them: the shell wraps the signed-in pages in
 * AntdProvider and QueryClientProvider, so the login route loads neither.
 */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <>
      <MessageHost />
      <RouterProvider router={router} />
    </>
  );
}
