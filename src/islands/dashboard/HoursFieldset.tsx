// The Profile tab's business hours: a row per weekday with its opening and closing times and a
// Closed switch, each day's message under it.
import { WEEKDAYS, type Weekday } from '../../domain/profile-rules.ts';
import type { TBusinessHours, TDayHours } from '../../schemas/business.ts';

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export default function HoursFieldset(props: {
  hours: TBusinessHours;
  error: (field: string) => string | null;
  onDay: (day: Weekday, change: Partial<TDayHours>) => void;
}) {
  const { error } = props;
  const setDay = props.onDay;
  return (
    <fieldset className="hours">
      <legend>Business hours</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Opens</th>
            <th scope="col">Closes</th>
            <th scope="col">Closed</th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day) => {
            const hours = props.hours[day];
            const dayError = error(`businessHours.${day}`);
            return (
              <tr key={day}>
                <th scope="row">{DAY_NAMES[day]}</th>
                <td>
                  <input
                    type="time"
                    aria-label={`${DAY_NAMES[day]} opens`}
                    value={hours.open}
                    disabled={hours.closed}
                    aria-invalid={error(`businessHours.${day}.open`) ? true : undefined}
                    onChange={(e) => setDay(day, { open: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <input
                    type="time"
                    aria-label={`${DAY_NAMES[day]} closes`}
                    value={hours.close}
                    disabled={hours.closed}
                    aria-invalid={error(`businessHours.${day}.close`) ? true : undefined}
                    onChange={(e) => setDay(day, { close: e.currentTarget.value })}
                  />
                  {dayError && <p className="error">{dayError}</p>}
                </td>
                <td>
                  <label className="closed-switch">
                    <input
                      type="checkbox"
                      aria-label={`Closed on ${DAY_NAMES[day]}`}
                      checked={hours.closed}
                      onChange={(e) => setDay(day, { closed: e.currentTarget.checked })}
                    />
                    {/* Said under the column's header on a desktop; on a phone, where the
                        table is stacked by day, beside the box. */}
                    <span className="closed-word" aria-hidden="true">
                      Closed
                    </span>
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
