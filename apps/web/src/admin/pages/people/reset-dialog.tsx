// 密码重置码: the one-time code, its link as a QR code and until when it works, shown once, with the sheet to print.
import type { PersonRow, ResetCode } from '@ess/contract/people';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { ct } from '../../texts';
import { expiryOf, printResetSheet, qrSvg } from './reset-sheet';

const words = ct.people.resetDialog;

export const ResetDialog = ({ person, code, onClose }: { person: PersonRow; code: ResetCode; onClose: () => void }) => {
  const link = `${window.location.origin}${code.path}`;
  return (
    <Modal
      open
      title={words.title(ct.common.person(person.name, person.empNo))}
      onCancel={onClose}
      footer={[
        <Button key="print" onClick={() => printResetSheet(person, code, link)}>
          {words.print}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {words.close}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="warning">{words.once}</Typography.Paragraph>
      <div style={{ textAlign: 'center' }}>
        <div
          role="img"
          aria-label={words.qr}
          style={{ width: 200, height: 200, margin: '0 auto' }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn by uqr from our own link.
          dangerouslySetInnerHTML={{ __html: qrSvg(link) }}
        />
      </div>
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={words.code}>
          <Typography.Text code copyable data-testid="reset-code">
            {code.code}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={words.link}>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={words.expiresAt}>
          {expiryOf(code)}
          {words.onceOnly}
        </Descriptions.Item>
        <Descriptions.Item label={words.password}>
          <Typography.Text code data-testid="reset-initial-password">
            {code.initialPassword}
          </Typography.Text>
          {words.passwordHint}
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
};
