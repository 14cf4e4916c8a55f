// 数据导入: pick the plant, the kind and the month, download the template, upload the sheet; the job's state shows
// live; then the columns and unknown values are mapped, the preview and the rejected rows checked, and the import
// committed. The history lists every import with its rollback.
import type { ConsoleSession } from '@ess/contract/console';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import { ct } from '../../texts';
import { ImportHistory } from './import-history';
import { JobPanel } from './job-panel';
import { UploadCard } from './upload-card';

const ImportsPage = ({ session }: { session: ConsoleSession }) => {
  const [openJob, setOpenJob] = useState<number | undefined>();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {ct.menu.imports}
      </Typography.Title>
      <UploadCard session={session} onUploaded={setOpenJob} />
      {openJob !== undefined && <JobPanel key={openJob} id={openJob} />}
      <ImportHistory session={session} onOpen={setOpenJob} />
    </Space>
  );
};

export default ImportsPage;
