// The Leads tab's instant alerts: turn on alerts on this device (the browser asks for permission
// only on that click), the devices that receive them with a Remove button each, and a test alert.
// Each new lead then rings the phone: service, place, budget and timeline, and a tap opens it
// (src/pages/sw.js.ts shows it). Phone first: one column, 44 px buttons, the main action on top.
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { ALERT_MESSAGES as M } from '../../domain/alert-rules.ts';
import { formatDateTime } from '../../domain/format.ts';
import type { PushDevice, PushDevicesState } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import { useRead } from '../shared/query.tsx';
import {
  currentPushEndpoint,
  pushSupported,
  subscribePush,
  unsubscribePush,
} from '../shared/push-subscription.ts';
import { ErrorAlert } from '../shared/notices.tsx';

type Status = { kind: 'notice' | 'error'; text: string } | null;

const noChanges = () => () => {};

/** `onMore`: where the Leads tab's card leads to the Alerts tab (texts, quiet hours, each kind). */
export function AlertsPanel(props: { onMore?: () => void }) {
  const id = useId();
  const [devicesRead, setState] = useRead<PushDevicesState>('/api/contractor/alerts/devices');
  const state = devicesRead.data ?? null;
  const loadFailed = devicesRead.isError;
  const [here, setHere] = useState<string | null>(null);
  // Known only in the browser: the server's render and the first client render say no.
  const canPush = useSyncExternalStore(noChanges, pushSupported, () => false);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    let live = true;
    void currentPushEndpoint().then((endpoint) => {
      if (live) setHere(endpoint);
    });
    return () => {
      live = false;
    };
  }, []);

  const heading = <h3 id={`${id}-h`}>Lead alerts</h3>;
  if (loadFailed) {
    return (
      <section aria-labelledby={`${id}-h`} className="card alerts-panel">
        {heading}
        <ErrorAlert>Your alert settings could not be loaded. Please reload the page.</ErrorAlert>
      </section>
    );
  }
  if (!state) {
    return (
      <section aria-labelledby={`${id}-h`} className="card alerts-panel" aria-busy="true">
        {heading}
        <p className="muted">Loading alerts…</p>
      </section>
    );
  }

  const devices = state.devices;
  const thisDeviceOn = here !== null && devices.some((d) => d.endpoint === here);

  const turnOn = async () => {
    setStatus(null);
    if (!pushSupported()) return setStatus({ kind: 'error', text: M.unsupported });
    setBusy('on');
    try {
      const subscribed = await subscribePush(state.vapidPublicKey);
      if (!subscribed.ok) {
        return setStatus({
          kind: 'error',
          text: subscribed.permission === 'denied' ? M.denied : M.dismissed,
        });
      }
      const subscription = subscribed.subscription;
      const answer = await api<PushDevice>('POST', '/api/contractor/alerts/devices', {
        subscription,
      });
      if (!answer.ok) return setStatus({ kind: 'error', text: answer.body.error ?? M.subscribeFailed });
      setHere(answer.body.endpoint);
      setState({ ...state, devices: [...devices.filter((d) => d.id !== answer.body.id), answer.body] });
      setStatus({ kind: 'notice', text: M.turnedOn });
    } catch {
      setStatus({ kind: 'error', text: M.subscribeFailed });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (device: PushDevice) => {
    setStatus(null);
    setBusy(device.id);
    const answer = await api('DELETE', `/api/contractor/alerts/devices/${device.id}`);
    setBusy(null);
    if (!answer.ok && answer.status !== 404) {
      return setStatus({ kind: 'error', text: answer.body.error ?? M.subscribeFailed });
    }
    if (device.endpoint === here) {
      // This browser stops listening too, so it does not stay subscribed with the push service.
      await unsubscribePush();
      setHere(null);
    }
    setState({ ...state, devices: devices.filter((d) => d.id !== device.id) });
    setStatus({ kind: 'notice', text: M.removed });
  };

  const test = async () => {
    setStatus(null);
    setBusy('test');
    const answer = await api<{ devices: number }>('POST', '/api/contractor/alerts/test', { channel: 'push' });
    setBusy(null);
    setStatus(
      answer.ok
        ? { kind: 'notice', text: M.testSent }
        : { kind: 'error', text: answer.body.error ?? M.subscribeFailed },
    );
  };

  return (
    <section aria-labelledby={`${id}-h`} className="card alerts-panel" id="lead-alerts">
      {heading}
      <p>
        Get each new lead on your phone the moment it is yours: the first pro to answer usually gets the job.
      </p>
      {!thisDeviceOn && (
        <button
          type="button"
          className="btn"
          disabled={busy !== null || !canPush}
          onClick={() => void turnOn()}
        >
          {busy === 'on' ? 'Turning on…' : 'Turn on alerts on this device'}
        </button>
      )}
      {!canPush && <p className="muted">{M.unsupported}</p>}
      {devices.length === 0 ? (
        <p className="muted">No device receives alerts yet.</p>
      ) : (
        <ul className="alert-devices" aria-label="Devices that receive alerts">
          {devices.map((device) => (
            <li key={device.id}>
              <div>
                <strong>{device.label}</strong>
                {device.endpoint === here && <span className="badge"> This device</span>}
                <p className="muted">
                  {device.lastSuccessAt
                    ? `Last alert ${formatDateTime(device.lastSuccessAt)}`
                    : `On since ${formatDateTime(device.createdAt)}`}
                </p>
              </div>
              <button
                type="button"
                className="btn secondary"
                disabled={busy !== null}
                aria-label={`Remove ${device.label}${device.endpoint === here ? ' (this device)' : ''}`}
                onClick={() => void remove(device)}
              >
                {busy === device.id ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {devices.length > 0 && (
        <button type="button" className="btn secondary" disabled={busy !== null} onClick={() => void test()}>
          {busy === 'test' ? 'Sending…' : 'Send a test alert'}
        </button>
      )}
      {props.onMore && (
        <button type="button" className="alerts-more" onClick={props.onMore}>
          Texts, quiet hours and more alert settings
        </button>
      )}
      <p role="status" className={status ? status.kind : undefined}>
        {status?.text ?? ''}
      </p>
    </section>
  );
}
