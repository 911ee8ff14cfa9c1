// The dashboard's Alerts tab: the devices that ring (the same card as the Leads tab's), the number
// texts go to, and what each kind of alert comes by, with quiet hours and the texts a day. Phone
// first: one column of cards, the device card on top; two columns on a desk.
import { useEffect, useState } from 'react';
import type { AlertSettings } from '../../schemas/alerts.ts';
import { api } from '../shared/api.ts';
import { AlertChoices } from './AlertChoices.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { TextAlerts } from './TextAlerts.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

export function AlertsTab() {
  const [settings, setSettings] = useState<AlertSettings | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void api<AlertSettings>('GET', '/api/contractor/alerts/settings').then((answer) => {
      if (!live) return;
      if (answer.ok) setSettings(answer.body);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="alerts-tab">
      <div>
        <AlertsPanel />
        {settings && <TextAlerts settings={settings} onChange={setSettings} />}
      </div>
      {failed && <ErrorAlert>Your alert settings could not be loaded. Please reload the page.</ErrorAlert>}
      {!settings && !failed && <p className="muted">Loading alert settings…</p>}
      {settings && (
        // A number confirmed, removed or opted out changes what the Text boxes may say: read afresh.
        <AlertChoices
          key={`${settings.sms.phone ?? ''}:${String(settings.sms.optedOut)}`}
          settings={settings}
          onChange={setSettings}
        />
      )}
    </div>
  );
}
