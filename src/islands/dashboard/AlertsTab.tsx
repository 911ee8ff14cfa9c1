// The dashboard's Alerts tab: the devices that ring (the same card as the Leads tab's), the number
// texts go to, and what each kind of alert comes by, with quiet hours and the texts a day. Phone
// first: one column of cards, the device card on top; two columns on a desk.
import type { AlertSettings } from '../../schemas/alerts.ts';
import { useRead } from '../shared/query.tsx';
import { AlertChoices } from './AlertChoices.tsx';
import { AlertsPanel } from './AlertsPanel.tsx';
import { TextAlerts } from './TextAlerts.tsx';
import { ErrorAlert } from '../shared/notices.tsx';

export function AlertsTab() {
  const [read, setSettings] = useRead<AlertSettings>('/api/contractor/alerts/settings');
  const settings = read.data ?? null;
  const failed = read.isError;

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
