// A list of records being edited before it is sent whole for review: add one, change one, remove one (each
// change in a sheet), nothing is sent until the screen's 提交审核. Records keep their id; new ones have none.
import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { PickerOption } from '../../../components/form/picker-field';
import { t } from '../../../i18n/zh-CN';
import { confirmAction } from '../../../lib/confirm-action';
import type { RecordKind, RecordValues } from '../record-kinds';
import { RecordCard } from './record-card';
import { RecordSheet } from './record-sheet';

export type Draft = { key: string; record: RecordValues };

let nextDraftKey = 0;
export const draftOf = (record: RecordValues): Draft => {
  nextDraftKey += 1;
  return { key: record.id === undefined ? `new-${nextDraftKey}` : `id-${record.id}`, record };
};

const NEW = 'new';

type RecordListEditorProps = {
  kind: RecordKind;
  drafts: readonly Draft[];
  onChange: (drafts: Draft[]) => void;
  majorOptions?: readonly PickerOption[];
  majorName?: (code: string | undefined) => string;
};

export const RecordListEditor = ({
  kind,
  drafts,
  onChange,
  majorOptions = [],
  majorName = (code) => code ?? '',
}: RecordListEditorProps) => {
  /** The record open in the sheet: a draft's key, or NEW. */
  const [openKey, setOpenKey] = useState<string>();
  /** What was typed in a sheet closed without 确定, by the record it belongs to. */
  const [unsaved, setUnsaved] = useState<{ key: string; values: RecordValues }>();

  const open = (key: string) => setOpenKey(key);
  const valuesFor = (key: string): RecordValues => {
    if (unsaved?.key === key) return unsaved.values;
    return drafts.find((draft) => draft.key === key)?.record ?? {};
  };

  const save = (values: RecordValues) => {
    if (openKey === undefined) return;
    if (openKey === NEW) {
      onChange([...drafts, draftOf(values)]);
    } else {
      onChange(
        drafts.map((draft) =>
          draft.key === openKey ? { ...draft, record: { ...values, id: draft.record.id } } : draft,
        ),
      );
    }
    setUnsaved(undefined);
    setOpenKey(undefined);
  };

  const remove = async (draft: Draft, name: string) => {
    const isConfirmed = await confirmAction({
      name: t.records.removeTitle,
      title: t.records.removeTitle,
      content: t.records.removeConfirm(name),
    });
    if (isConfirmed) onChange(drafts.filter((item) => item.key !== draft.key));
  };

  return (
    <div className="record-list-editor">
      {drafts.length === 0 ? (
        <p className="records-empty">{t.records.empty(kind.name)}</p>
      ) : (
        <ul className="record-cards" aria-label={t.records.list(kind.name)}>
          {drafts.map((draft) => {
            const summary = kind.summarize(draft.record, majorName);
            return (
              <RecordCard
                key={draft.key}
                summary={summary}
                actions={
                  <>
                    <Button
                      size="small"
                      color="primary"
                      fill="outline"
                      aria-label={t.records.editRecord(summary.title)}
                      aria-haspopup="dialog"
                      onClick={() => open(draft.key)}
                    >
                      {t.records.edit}
                    </Button>
                    <Button
                      size="small"
                      color="danger"
                      fill="outline"
                      aria-label={t.records.removeRecord(summary.title)}
                      aria-haspopup="dialog"
                      onClick={() => void remove(draft, summary.title)}
                    >
                      {t.upload.remove}
                    </Button>
                  </>
                }
              />
            );
          })}
        </ul>
      )}
      <Button block color="primary" fill="outline" aria-haspopup="dialog" onClick={() => open(NEW)}>
        <AddOutline aria-hidden="true" /> {t.records.addTitle(kind.name)}
      </Button>
      <RecordSheet
        kind={kind}
        target={openKey === undefined ? undefined : { isNew: openKey === NEW, values: valuesFor(openKey) }}
        majorOptions={majorOptions}
        onValuesChange={(values) => {
          if (openKey !== undefined) setUnsaved({ key: openKey, values });
        }}
        onSave={save}
        onClose={() => setOpenKey(undefined)}
      />
    </div>
  );
};
