// 上传资料: a file, its plant and name, sent by tus (tus-js-client, loaded when an upload starts) in chunks of 5 MB.
// A dropped connection is retried with growing waits and resumes from what the server has; an upload given up on
// (the page closed, the retries spent) resumes from there when the same file is chosen again (its fingerprint is
// kept in the browser). The server's refusal (wrong type, another plant, too large, nothing here to convert it)
// is shown in its own words.
import type { ConsoleSession } from '@ess/contract/console';
import { MATERIAL_ACCEPT, MATERIAL_CHUNK_BYTES, MATERIAL_UPLOAD_PATH, materialName } from '@ess/contract/materials';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Progress, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DetailedError, Upload as TusUpload } from 'tus-js-client';
import { renewAccessToken } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { readToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';

const m = ct.materials;

/** Waits between retries of a failed request: a factory's Wi-Fi may be gone for a minute. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000, 60_000];

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number; isRetrying: boolean }
  | { kind: 'failed'; message: string };

/** The server's words of a refusal: the envelope in the body of tus's answer. */
const refusalOf = (error: Error) => {
  const response = (error as DetailedError).originalResponse;
  if (!response) return undefined;
  try {
    const answer = JSON.parse(response.getBody()) as { msg?: string };
    return answer.msg || undefined;
  } catch {
    return undefined;
  }
};

/** Final refusals (4xx but the protocol's conflicts) are not retried; 401 renews the token first. */
const shouldRetry = (error: DetailedError) => {
  const status = error.originalResponse?.getStatus() ?? 0;
  if (status === 401) {
    void renewAccessToken();
    return true;
  }
  if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
  return true;
};

type UploadForm = { bu: string; name: string };

export const UploadDialog = ({ session, onClose }: { session: ConsoleSession; onClose: () => void }) => {
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const upload = useRef<TusUpload>(undefined);
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: queryKeys.console.materials });

  // Closing the dialog stops sending; what arrived stays for a resume (housekeeping removes it after a day).
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async ({ bu, name }: UploadForm) => {
    if (!file) return setFileError(m.fileMissing);
    setPhase({ kind: 'uploading', percent: 0, isRetrying: false });
    if (!readToken()) await renewAccessToken();
    const { Upload: Tus } = await import('tus-js-client');
    const tus = new Tus(file, {
      endpoint: MATERIAL_UPLOAD_PATH,
      chunkSize: MATERIAL_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, bu, name: name?.trim() ?? '' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The access token of the moment: it is renewed while a long upload goes on.
      onBeforeRequest: (request) => {
        const token = readToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => {
        const isRetried = shouldRetry(error);
        if (isRetried) setPhase((now) => (now.kind === 'uploading' ? { ...now, isRetrying: true } : now));
        return isRetried;
      },
      onProgress: (sent, total) =>
        setPhase({ kind: 'uploading', percent: total ? Math.floor((sent / total) * 100) : 0, isRetrying: false }),
      onSuccess: () => {
        void showToast({ content: m.done, durationMs: 3000 });
        void refreshList();
        onClose();
      },
      onError: (error) => {
        setPhase({ kind: 'failed', message: refusalOf(error) ?? m.networkFailed });
        void refreshList();
      },
    });
    upload.current = tus;
    const previous = await tus.findPreviousUploads();
    if (previous[0]) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
    // The row (上传中) is there once the upload was created.
    setTimeout(() => void refreshList(), 1500);
  };

  const isUploading = phase.kind === 'uploading';
  return (
    <Modal
      open
      title={m.uploadTitle}
      okText={isUploading ? m.uploading : m.start}
      cancelText={isUploading ? m.cancel : ct.common.cancel}
      okButtonProps={{ loading: isUploading }}
      maskClosable={false}
      onOk={() => form.validateFields().then(start, () => undefined)}
      onCancel={onClose}
    >
      <Form<UploadForm>
        name="material-upload"
        form={form}
        layout="vertical"
        initialValues={{ bu: session.adminPlants[0] ?? '', name: '' }}
        disabled={isUploading}
      >
        <Form.Item
          label={m.file}
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? m.fileHint}
        >
          <Upload
            accept={MATERIAL_ACCEPT}
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setFileError(undefined);
              setPhase({ kind: 'idle' });
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          >
            <Button>{m.chooseFile}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="bu" label={m.plant} rules={[{ required: true, message: m.plantMissing }]}>
          <Select options={plantOptions(session.adminPlants)} virtual={false} />
        </Form.Item>
        <Form.Item
          name="name"
          label={m.name}
          rules={[
            {
              // Optional: empty takes the file's name; given, the contract's rule.
              validator: async (_rule, value: unknown) => {
                if (typeof value !== 'string' || value.trim() === '') return;
                const parsed = materialName.safeParse(value);
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input placeholder={m.namePlaceholder} maxLength={100} />
        </Form.Item>
      </Form>
      {phase.kind === 'uploading' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Progress percent={phase.percent} aria-label={m.progressLabel} />
          {phase.isRetrying && <Typography.Text type="warning">{m.retrying}</Typography.Text>}
        </Space>
      )}
      {phase.kind === 'failed' && <Alert type="error" showIcon message={m.failed} description={phase.message} />}
    </Modal>
  );
};
