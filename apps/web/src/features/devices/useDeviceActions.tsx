import type { DeviceRow } from '@measure/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { showError } from '../../shared/api/showError.ts';
import { useModal } from '../../shared/feedback/modal.tsx';
import { notify } from '../../shared/feedback/notify.ts';

const DeviceKeyDialog = lazy(() => import('./DeviceKeyDialog.tsx'));

/** Activate (or rotate), deactivate, unbind and delete, with their confirmations; shared by list and detail. */
export function useDeviceActions(): {
  activate: (device: DeviceRow) => void;
  deactivate: (device: DeviceRow) => void;
  unbind: (device: DeviceRow) => void;
  remove: (devices: DeviceRow[], onDone?: () => void) => void;
  refresh: () => Promise<unknown>;
  dialogs: ReactNode;
} {
  const { t } = useTranslation(['devices', 'common']);
  const modal = useModal();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<{ number: string; key: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['devices'] });

  const confirm = (title: string, content: string, danger: boolean, run: () => Promise<void>) =>
    modal.confirm({
      title,
      content,
      okText: t('common:action.ok'),
      cancelText: t('common:action.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
          await refresh();
        } catch (error) {
          showError(error);
        }
      },
    });

  const issue = async (device: DeviceRow) => {
    try {
      const result = await callApi(routes.devices.activateDevice, { DeviceGuid: device.DeviceGuid });
      setIssued({ number: device.DeviceNumber, key: result.DeviceKey });
      notify.success(t('activate.done'));
      await refresh();
    } catch (error) {
      showError(error);
    }
  };

  return {
    refresh,
    activate: (device) => {
      if (!device.IsActive) {
        void issue(device);
        return;
      }
      confirm(
        t('action.rotate'),
        t('activate.confirmRotate', { number: device.DeviceNumber }),
        true,
        async () => {
          const result = await callApi(routes.devices.activateDevice, { DeviceGuid: device.DeviceGuid });
          setIssued({ number: device.DeviceNumber, key: result.DeviceKey });
        },
      );
    },
    deactivate: (device) =>
      confirm(
        t('deactivate.title'),
        t('deactivate.confirm', { number: device.DeviceNumber }),
        true,
        async () => {
          await callApi(routes.devices.deactivateDevice, { DeviceGuid: device.DeviceGuid });
          notify.success(t('deactivate.done'));
        },
      ),
    unbind: (device) =>
      confirm(
        t('unbind.title'),
        t('unbind.confirm', { number: device.DeviceNumber, name: device.DeviceUserName ?? '' }),
        false,
        async () => {
          await callApi(routes.devices.deleteDeviceUser, { DeviceGuid: device.DeviceGuid });
          notify.success(t('unbind.done'));
        },
      ),
    remove: (devices, onDone) =>
      confirm(
        t('delete.title'),
        devices.length === 1
          ? t('delete.confirmOne', { number: devices[0]?.DeviceNumber })
          : t('delete.confirmMany', { count: devices.length }),
        true,
        async () => {
          const result = await callApi(routes.devices.deleteDevices, {
            DeviceGuids: devices.map((device) => device.DeviceGuid),
          });
          notify.success(t('delete.done', { count: result.Deleted }));
          onDone?.();
        },
      ),
    dialogs: (
      <Suspense fallback={null}>
        {issued && (
          <DeviceKeyDialog
            deviceNumber={issued.number}
            deviceKey={issued.key}
            onClose={() => setIssued(null)}
          />
        )}
      </Suspense>
    ),
  };
}
