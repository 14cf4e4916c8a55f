// 消息送达 for HR: the in-app messages relayed to WeCom (relay.ts) or WeChat (template-relay.ts), per event — the messages one change wrote together
// (one transaction: the same time) of the same words — with how many were handed to WeCom, are still waiting, could
// not be delivered or were refused; and, for one event, whom it did not reach and why. Counted over the workers of
// the caller's plants only.
import type { DeliveryEvent, UndeliveredPerson } from '@ess/contract/wechat';
import { sql } from 'drizzle-orm';
import { type Caller, requirePlantAdmin } from '../../core/caller';
import type { Db } from '../../db/client';
import { shanghaiTime } from '../../db/shanghai-time';

/** The caller's plants, or the one asked for, as an array literal. */
const plantsOf = (caller: Caller, bu: string | undefined) => {
  requirePlantAdmin(caller, bu);
  return `{${(bu ? [bu] : [...caller.adminPlants]).join(',')}}`;
};

/**
 * The delivery that stands for a message: its WeChat one where WeCom did not know the worker and WeChat took it over
 * (relay.ts markInvalid), else its only one.
 */
const isEffective = sql`not (d.channel = 'wecom' and exists (
  select 1 from platform_deliveries w where w.message_id = d.message_id and w.channel = 'wechat'))`;

/** What names an event: its time in microseconds and a hash of its words. */
const EVENT_TIME = sql`(extract(epoch from m.created_at) * 1000000)::bigint`;
const EVENT_HASH = sql`md5(m.title || chr(31) || m.body || chr(31) || m.link)`;

export const listDeliveryEvents = async (
  db: Db,
  caller: Caller,
  filter: { bu?: string; page: number; pageSize: number },
): Promise<{ rows: DeliveryEvent[]; totalCount: number }> => {
  const plants = plantsOf(caller, filter.bu);
  const { rows } = await db.execute<DeliveryEvent & { totalCount: number }>(sql`
    select ${EVENT_TIME}::text || '.' || ${EVENT_HASH} as key, m.title, m.link,
           ${shanghaiTime(sql`m.created_at`)} as "createdAt",
           count(*)::int as total,
           count(*) filter (where d.status = 'sent')::int as sent,
           count(*) filter (where d.status = 'pending')::int as pending,
           count(*) filter (where d.status = 'invalid')::int as invalid,
           count(*) filter (where d.status = 'failed')::int as failed,
           count(*) filter (where d.status = 'recalled')::int as recalled,
           count(*) over ()::int as "totalCount"
    from platform_deliveries d
    join messages m on m.id = d.message_id
    join employees e on e.id = d.employee_id
    where e.bu = any(${plants}::text[]) and ${isEffective}
    group by m.created_at, m.title, m.body, m.link
    order by m.created_at desc, m.title
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  return {
    rows: rows.map(({ totalCount: _total, ...row }) => row),
    totalCount: rows[0]?.totalCount ?? 0,
  };
};

export const listUndelivered = async (
  db: Db,
  caller: Caller,
  filter: { key: string; bu?: string; page: number; pageSize: number },
): Promise<{ rows: UndeliveredPerson[]; totalCount: number }> => {
  const plants = plantsOf(caller, filter.bu);
  const [time, hash] = filter.key.split('.') as [string, string];
  const { rows } = await db.execute<UndeliveredPerson & { totalCount: number }>(sql`
    select e.emp_no as "empNo", e.name, e.bu, e.dept_name as "deptName", d.status, d.error, d.attempts,
           count(*) over ()::int as "totalCount"
    from platform_deliveries d
    join messages m on m.id = d.message_id
    join employees e on e.id = d.employee_id
    where e.bu = any(${plants}::text[]) and d.status <> 'sent' and ${isEffective}
      and ${EVENT_TIME} = ${time}::bigint and ${EVENT_HASH} = ${hash}
    order by d.status, e.bu, e.dept_name, e.emp_no
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  return {
    rows: rows.map(({ totalCount: _total, ...row }) => row),
    totalCount: rows[0]?.totalCount ?? 0,
  };
};
