// The employees found, each with what the clerk may do to them; the drawer or dialog of the action chosen.
import { ROLE_LABELS } from '@ess/contract/audit-labels';
import type { ConsoleSession } from '@ess/contract/console';
import type { PersonRow, ResetCode } from '@ess/contract/people';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { plantLabel } from '../../plant-options';
import { ct } from '../../texts';
import { useIssueResetCode } from './api/issue-person-reset-code';
import { useReinstatePerson } from './api/reinstate-person';
import { PEOPLE_PAGE_SIZE, type PeopleFilter, peopleListQuery } from './api/search-people';
import { useUnbindPlatformAccount } from './api/unbind-platform-account';
import { useUnlockPerson } from './api/unlock-person';
import { LeaveDialog } from './leave-dialog';
import { PeopleSearch } from './people-search';
import { PersonDrawer } from './person-drawer';
import { ResetDialog } from './reset-dialog';
import { RolesDialog } from './roles-dialog';
import { TransferDialog } from './transfer-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; person: PersonRow }
  | { kind: 'transfer'; person: PersonRow }
  | { kind: 'leave'; person: PersonRow }
  | { kind: 'roles'; person: PersonRow }
  | { kind: 'reset'; person: PersonRow; code: ResetCode };

export const PeopleTable = ({ session }: { session: ConsoleSession }) => {
  const isSysAdmin = session.roles.includes('SysAdmin');
  const [filter, setFilter] = useState<PeopleFilter>({ status: 'all' });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const people = useQuery(peopleListQuery(filter, page));
  const reinstate = useReinstatePerson();
  const unlock = useUnlockPerson();
  const unbind = useUnbindPlatformAccount();
  const { modal } = App.useApp();
  const issueCode = useIssueResetCode();
  const close = () => setDialog(undefined);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PeopleSearch
        session={session}
        onSearch={(searched) => {
          setPage(1);
          setFilter(searched);
        }}
        onCreate={() => setDialog({ kind: 'create' })}
      />
      <Card size="small">
        <PagedTable<PersonRow>
          query={people}
          page={page}
          pageSize={PEOPLE_PAGE_SIZE}
          onPage={setPage}
          showTotal={ct.people.total}
          scroll={{ x: 1080 }}
          columns={[
            { title: ct.common.empNo, dataIndex: 'empNo', width: 90 },
            { title: ct.common.name, dataIndex: 'name', width: 80 },
            { title: ct.common.plant, dataIndex: 'bu', width: 90, render: plantLabel },
            { title: ct.common.dept, dataIndex: 'deptName', width: 110, ellipsis: true },
            { title: ct.common.team, dataIndex: 'teamName', width: 80, ellipsis: true },
            { title: ct.people.title, dataIndex: 'titleName', width: 80, ellipsis: true },
            { title: ct.people.enterDate, dataIndex: 'enterDate', width: 100 },
            {
              title: ct.common.status,
              width: 150,
              render: (_, row) => (
                <Space size={4} wrap>
                  {row.leftOn ? (
                    <Tag color="default">{ct.people.leftOn(row.leftOn)}</Tag>
                  ) : (
                    <Tag color="success">{ct.people.active}</Tag>
                  )}
                  {row.isLocked && <Tag color="error">{ct.people.locked}</Tag>}
                  {row.platformAccounts.map(({ platform, accountId }) => (
                    <Tooltip key={platform} title={accountId}>
                      <Tag color="processing">{ct.people.boundAccount[platform]}</Tag>
                    </Tooltip>
                  ))}
                </Space>
              ),
            },
            {
              title: ct.people.roles,
              width: 150,
              render: (_, row) =>
                row.roles
                  .filter((role) => role !== 'Employee')
                  .map((role) => (
                    <Tag key={role}>
                      {ROLE_LABELS[role] ?? role}
                      {role === 'HRAdmin' && row.adminPlants.length > 0
                        ? ct.people.adminPlantsOf(row.adminPlants.join('、'))
                        : ''}
                    </Tag>
                  )),
            },
            {
              title: ct.common.actions,
              fixed: 'right',
              width: 250,
              render: (_, row) => (
                <Space size={0} wrap>
                  <Button size="small" type="link" onClick={() => setDialog({ kind: 'edit', person: row })}>
                    {ct.people.edit}
                  </Button>
                  {!row.leftOn && (
                    <Button size="small" type="link" onClick={() => setDialog({ kind: 'transfer', person: row })}>
                      {ct.people.transfer}
                    </Button>
                  )}
                  {row.leftOn ? (
                    <Button size="small" type="link" onClick={() => reinstate.mutate(row.id)}>
                      {ct.people.reinstate}
                    </Button>
                  ) : (
                    <Button size="small" type="link" danger onClick={() => setDialog({ kind: 'leave', person: row })}>
                      {ct.people.leave}
                    </Button>
                  )}
                  {!row.leftOn && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        issueCode.mutate(row.id, {
                          onSuccess: (code) => setDialog({ kind: 'reset', person: row, code }),
                        })
                      }
                    >
                      {ct.people.resetPassword}
                    </Button>
                  )}
                  {row.isLocked && (
                    <Button size="small" type="link" onClick={() => unlock.mutate(row.id)}>
                      {ct.people.unlock}
                    </Button>
                  )}
                  {row.platformAccounts.map(({ platform }) => (
                    <Button
                      key={platform}
                      size="small"
                      type="link"
                      onClick={() =>
                        modal.confirm({
                          title: ct.people.unbindAction[platform],
                          content: ct.people.unbindConfirm(ct.common.person(row.name, row.empNo)),
                          okText: ct.people.unbind,
                          onOk: () => unbind.mutateAsync({ id: row.id, platform }),
                        })
                      }
                    >
                      {ct.people.unbindAction[platform]}
                    </Button>
                  ))}
                  {isSysAdmin && (
                    <Button size="small" type="link" onClick={() => setDialog({ kind: 'roles', person: row })}>
                      {ct.people.roles}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {dialog?.kind === 'create' && <PersonDrawer plants={session.adminPlants} onClose={close} />}
      {dialog?.kind === 'edit' && <PersonDrawer person={dialog.person} plants={session.adminPlants} onClose={close} />}
      {dialog?.kind === 'transfer' && (
        <TransferDialog person={dialog.person} plants={session.adminPlants} onClose={close} />
      )}
      {dialog?.kind === 'leave' && <LeaveDialog person={dialog.person} onClose={close} />}
      {dialog?.kind === 'roles' && <RolesDialog person={dialog.person} onClose={close} />}
      {dialog?.kind === 'reset' && <ResetDialog person={dialog.person} code={dialog.code} onClose={close} />}
    </Space>
  );
};
