import { Card, Spinner } from '@kidslearn/kit/ui';
import { useAdminApi } from '../../api/admin-api';
import { messages } from '../../messages';

/** SPEC §2 dashboard index: three stat cards. A failed fetch is only logged and the spinner stays (SPEC §8). */
export function OverviewPage() {
  const api = useAdminApi();
  const overview = api.useAdminOverviewQuery();
  if (overview.isError) console.error('Loading the overview failed', overview.error);
  const stats = overview.data;
  return (
    <section aria-labelledby="adm-overview">
      <h1 id="adm-overview">{messages.overview.heading}</h1>
      {!stats ? (
        <Spinner label={messages.loading} />
      ) : (
        <ul className="adm-stats">
          {[
            [messages.overview.totalLesson, stats.totalLesson],
            [messages.overview.totalAdmin, stats.totalAdmin],
            [messages.overview.totalUsers, stats.totalUsers],
          ].map(([label, value]) => (
            <li key={label}>
              <Card className="adm-stat">
                <span className="adm-stat-value">{value}</span>
                <span className="adm-stat-label">{label}</span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
