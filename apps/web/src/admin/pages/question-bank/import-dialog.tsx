// 导入题库: the plant and the sheet; the answer says how many questions were added and updated, and offers the rows
// that were not taken, with their 错误原因, to fix and upload again.
import type { BankImportResult } from '@ess/contract/question-bank';
import { Alert, Button, Form, Modal, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { saveDownload } from '../../download';
import { ct } from '../../texts';
import { getBankTemplate, useImportBank } from './api/sheets';

const q = ct.questionBank;

export const ImportDialog = ({
  plants,
  defaultPlant,
  onClose,
}: {
  plants: readonly string[];
  defaultPlant: string;
  onClose: () => void;
}) => {
  const [bu, setBu] = useState(defaultPlant);
  const [file, setFile] = useState<File | undefined>();
  const [isMissing, setMissing] = useState(false);
  const [result, setResult] = useState<BankImportResult | undefined>();
  const importBank = useImportBank();
  const start = () => {
    if (!file) {
      setMissing(true);
      return;
    }
    importBank.mutate({ bu, file }, { onSuccess: (answer) => setResult(answer.data) });
  };
  return (
    <Modal
      open
      title={q.importTitle}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => void getBankTemplate().then(saveDownload)}>{q.template}</Button>
          <Button onClick={onClose}>{ct.common.cancel}</Button>
          <Button type="primary" loading={importBank.isPending} onClick={start}>
            {q.importStart}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{q.importIntro}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={q.importPlant} htmlFor="bank-import-plant">
          <Select
            id="bank-import-plant"
            value={bu}
            onChange={setBu}
            options={plants.map((plant) => ({ value: plant, label: plant }))}
          />
        </Form.Item>
        <Form.Item
          label={ct.imports.file}
          validateStatus={isMissing && !file ? 'error' : undefined}
          help={isMissing && !file ? q.fileMissing : undefined}
        >
          <Upload
            accept=".xlsx,.xls,.csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setResult(undefined);
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: 'bank-sheet', name: file.name, status: 'done' }] : []}
          >
            <Button>{q.chooseFile}</Button>
          </Upload>
        </Form.Item>
      </Form>
      {result && (
        <Alert
          type={result.rejectedCount > 0 ? 'warning' : 'success'}
          showIcon
          message={q.importDone(result.created, result.updated)}
          description={
            <Space direction="vertical">
              {result.createdCategories.length > 0 && (
                <span>{q.importCategories(result.createdCategories.join('、'))}</span>
              )}
              {result.rejected && (
                <>
                  <span>{q.importRejected(result.rejectedCount)}</span>
                  <Button onClick={() => result.rejected && saveDownload(result.rejected)}>{q.downloadRejected}</Button>
                </>
              )}
            </Space>
          }
        />
      )}
    </Modal>
  );
};
