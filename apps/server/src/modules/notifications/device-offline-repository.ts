import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { devices, messages, userRoles, users } from '../../db/schema.ts';

/**
 * The offline sweep of the `notifications:deviceOffline` job. A system job across companies (like
 * the upload and rollup jobs): each message goes to users of the device's own company only.
 */
export class DeviceOfflineRepository {
  constructor(private readonly db: DbExecutor) {}

  /**
   * One statement: active devices whose last heartbeat is older than `olderThanSeconds` and whose
   * administrators were not told since that heartbeat are marked told, and a `deviceOffline` message
   * goes to the device's holder and to the enabled users of its company whose first role is
   * CompanyAdmin. The row locks of the update let two sweeps at once tell each silence once. The last
   * heartbeat is kept as an instant (`since`, ISO, UTC): the text shows it in the reader's language.
   */
  async notifySilent(olderThanSeconds: number): Promise<{ devices: number; messages: number }> {
    // eslint-disable-next-line measure/company-scoped-sql -- every company: the operator's offline sweep; each message goes to the device's own company (joined by company_id)
    const result = await this.db.execute<{ devices: number; messages: number }>(sql`
      with silent as (
        update ${devices} d set offline_notified_at = now()
        where d.is_active and d.last_seen_at is not null
          and d.last_seen_at < now() - make_interval(secs => ${olderThanSeconds})
          and (d.offline_notified_at is null or d.offline_notified_at < d.last_seen_at)
        returning d.id, d.company_id, d.device_number, d.device_user_id, d.last_seen_at
      ), told as (
        insert into ${messages} (company_id, user_id, kind, params)
        select s.company_id, u.id, 'deviceOffline', jsonb_build_object('device', s.device_number,
          'since', to_char(s.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        from silent s
        join ${users} u on u.company_id = s.company_id and u.status = 1
        where u.id = s.device_user_id
          or (select r.role from ${userRoles} r where r.company_id = s.company_id and r.user_id = u.id
              order by r.position limit 1) = 'CompanyAdmin'
        returning 1
      )
      select (select count(*) from silent)::int as devices, (select count(*) from told)::int as messages`);
    return result.rows[0] ?? { devices: 0, messages: 0 };
  }
}
