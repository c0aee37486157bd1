import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { createContext, useContext, type ReactNode } from 'react';

const ModalContext = createContext<HookAPI | null>(null);

/** Confirm and info dialogs that follow the app's locale and theme (spec: a confirm dialog exists). */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [modal, holder] = Modal.useModal();
  return (
    <ModalContext value={modal}>
      {children}
      {holder}
    </ModalContext>
  );
}

export function useModal(): HookAPI {
  const modal = useContext(ModalContext);
  if (!modal) throw new Error('useModal needs a <ModalProvider>');
  return modal;
}
