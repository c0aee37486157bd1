import { useEffect, useState, type ComponentType } from 'react';
import { setMessageBarLoader, takePendingMessages, type PendingMessage } from './notify.ts';
import styles from './MessageHost.module.css';

type Shown = PendingMessage & { id: number };
let nextId = 0;

/**
 * Where the message bar lives, at the root of the app (messages outlive page changes: "signed
 * out" is shown on the login page). antd's message bar (MessageBridge) loads with the first
 * message or when the shell asks for it. When it cannot load (the server is unreachable: exactly
 * when "network failure" must show), the waiting messages are shown as plain text instead.
 */
export function MessageHost() {
  const [Bridge, setBridge] = useState<ComponentType | null>(null);
  const [plain, setPlain] = useState<Shown[]>([]);

  useEffect(() => {
    let loading = false;
    setMessageBarLoader(() => {
      if (loading) return;
      loading = true;
      import('./MessageBridge.tsx').then(
        (module) => setBridge(() => module.default),
        () => {
          loading = false; // the next message tries again
          const shown = takePendingMessages().map((item) => ({ ...item, id: (nextId += 1) }));
          // An equal message already shown is replaced, so its time starts again (as antd does).
          setPlain((current) => [
            ...current.filter((old) => !shown.some((item) => item.key === old.key)),
            ...shown,
          ]);
          for (const item of shown) {
            window.setTimeout(
              () => setPlain((current) => current.filter((other) => other.id !== item.id)),
              item.duration * 1000,
            );
          }
        },
      );
    });
    return () => setMessageBarLoader(null);
  }, []);

  return (
    <>
      {Bridge && <Bridge />}
      {plain.length > 0 && (
        <div className={styles.list}>
          {plain.map((item) => (
            <div
              key={item.id}
              className={`${styles.notice} ${styles[item.type] ?? ''}`}
              role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
            >
              {item.content}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
