// 操作日志: the audit log searched by actor, subject employee, action and date (China time), newest first. An
// HRAdmin sees the entries about their plants: employees of those plants (and their record edits, messages and
// payslip questions), the imports, payslip batches, proposals and candidates of those plants, and the notices,
// banners and handbook versions that reach one of them (a company-wide one reaches every plant), and the materials
// of those plants; a SysAdmin sees every entry, the system's own included.
import type { AuditEntry } from '@ess/contract/people';
import { PLANTS } from '@ess/contract/plants';
import { type SQL, sql } from 'drizzle-orm';
import { type Caller, hasRole, requirePlantAdmin } from '../../core/caller';
import { BusinessError } from '../../core/errors';
import type { Db } from '../../db/client';
import { likeText } from '../../db/like';

/** The plants a row with a `plants` column reaches: those named, or every plant when none is. */
const reachOf = (alias: string) =>
  sql.raw(
    `case when cardinality(${alias}.plants) = 0 then '{${PLANTS.join(',')}}'::text[] else ${alias}.plants::text[] end`,
  );

export const searchAuditLog = async (
  db: Db,
  caller: Caller,
  filter: {
    actorEmpNo?: string;
    subjectEmpNo?: string;
    action?: string;
    from?: string;
    to?: string;
    bu?: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: AuditEntry[]; totalCount: number }> => {
  requirePlantAdmin(caller, filter.bu);
  if (filter.from && filter.to && filter.from > filter.to) throw new BusinessError('DATE_RANGE_INVALID');
  const where: SQL[] = [sql`true`];
  if (filter.bu) where.push(sql`${filter.bu} = any(scope.plants)`);
  else if (!hasRole(caller, 'SysAdmin')) {
    const plants = [...caller.adminPlants];
    where.push(plants.length > 0 ? sql`scope.plants && ${`{${plants.join(',')}}`}::text[]` : sql`false`);
  }
  if (filter.actorEmpNo) where.push(sql`a.actor_emp_no = ${filter.actorEmpNo}`);
  if (filter.subjectEmpNo) where.push(sql`s.emp_no = ${filter.subjectEmpNo}`);
  if (filter.action) where.push(sql`a.action like ${`${likeText(filter.action)}%`}`);
  if (filter.from) where.push(sql`a.at >= (${filter.from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (filter.to) where.push(sql`a.at < (${filter.to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`);
  const { rows } = await db.execute<AuditEntry & { total: number }>(sql`
    select a.id::int as "id",
           to_char(a.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "at",
           a.actor_emp_no as "actorEmpNo", coalesce(actor.name, '') as "actorName",
           a.action as "action", a.subject_type as "subjectType", a.subject_id as "subjectId",
           coalesce(s.emp_no, '') as "subjectEmpNo", coalesce(s.name, '') as "subjectName",
           a.before as "before", a.after as "after",
           count(*) over ()::int as "total"
    from audit_log a
    left join employees actor on actor.id = a.actor_id
    -- The subject's number, when it is one (subject ids are text), so the lookups below use primary keys.
    left join lateral (
      select case when a.subject_id ~ '^[0-9]{1,9}$' then a.subject_id::int end as id
    ) subject on true
    -- The employee an entry is about: the subject itself, or whose record edit, message or payslip question it is.
    left join lateral (
      select case a.subject_type
               when 'employee' then subject.id
               when 'change_request' then (select c.employee_id from change_requests c where c.id = subject.id)
               when 'notice' then (select n.employee_id from notices n where n.id = subject.id)
               when 'payslip-dispute' then (select d.employee_id from payslip_disputes d where d.id = subject.id)
             end as employee_id
    ) about on true
    left join employees s on s.id = about.employee_id
    -- The plants: of the import, batch, proposal or candidate itself, of a question's batch; those a notice, banner
    -- or handbook version reaches (none named: the whole company); else the employee's.
    left join lateral (
      select case a.subject_type
               when 'import' then array(select j.bu::text from import_jobs j where j.id = subject.id)
               when 'payslip-batch' then array(select b.bu::text from payslip_batches b where b.id = subject.id)
               when 'payslip-dispute' then array(
                 select b.bu::text from payslip_disputes d join payslip_batches b on b.id = d.batch_id
                 where d.id = subject.id)
               when 'proposal' then array(select p.bu::text from proposals p where p.id = subject.id)
               when 'candidate' then array(select c.bu::text from candidates c where c.id = subject.id)
               when 'announcement' then (select ${reachOf('n')} from announcements n where n.id = subject.id)
               when 'banner' then (select ${reachOf('b')} from banners b where b.id = subject.id)
               when 'handbook-version' then (select ${reachOf('v')} from handbook_versions v where v.id = subject.id)
               -- A material's plant (a deleted one's is in its entry; the whole company's: the SysAdmin's alone).
               when 'material' then array[coalesce((select m.bu::text from training_materials m where m.id = subject.id),
                                                   a.after->>'bu', a.before->>'bu')]
               else array[s.bu::text]
             end as plants
    ) scope on true
    where ${sql.join(where, sql` and `)}
    order by a.at desc, a.id desc
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    totalCount: Number(rows[0]?.total ?? 0),
  };
};
