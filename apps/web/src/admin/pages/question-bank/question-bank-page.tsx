// 题库: the categories of the clerk's plants on the left (with how many questions each holds; new, rename, delete),
// the questions of the chosen one on the right with their type, key and marks, filtered by type and words; 新建题目
// and 编辑 open the editor beside the phone preview; 导入题库 / 导出 carry the bank to and from Excel.
import type { ConsoleSession } from '@ess/contract/console';
import { SUBJECT_TYPES } from '@ess/contract/paper-engine';
import { type BankQuestion, type CategoryRow, OPTION_LETTERS } from '@ess/contract/question-bank';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, List, Modal, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { saveDownload } from '../../download';
import { ct } from '../../texts';
import { bankCategoriesQuery, useDeleteCategory, useSaveCategory } from './api/categories';
import { BANK_PAGE_SIZE, type BankFilter, bankQuestionsQuery, useDeleteQuestions } from './api/questions';
import { exportBank } from './api/sheets';
import { ImportDialog } from './import-dialog';
import { keyText } from './key-text';
import { QuestionEditor } from './question-editor';
import './question-bank.css';

const q = ct.questionBank;

const CategoryDialog = ({
  category,
  plants,
  defaultPlant,
  onClose,
}: {
  category?: CategoryRow;
  plants: readonly string[];
  defaultPlant: string;
  onClose: () => void;
}) => {
  const [bu, setBu] = useState(category?.bu ?? defaultPlant);
  const [name, setName] = useState(category?.name ?? '');
  const save = useSaveCategory();
  const isMissing = name.trim() === '';
  return (
    <Modal
      open
      title={category ? q.renameCategory : q.addCategory}
      okText={ct.common.save}
      cancelText={ct.common.cancel}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: isMissing }}
      onOk={() => save.mutate({ id: category?.id, bu, name: name.trim() }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={q.categoryPlant} htmlFor="bank-category-plant">
          <Select
            id="bank-category-plant"
            value={bu}
            disabled={category !== undefined}
            onChange={setBu}
            options={plants.map((plant) => ({ value: plant, label: plant }))}
          />
        </Form.Item>
        <Form.Item label={q.categoryName} htmlFor="bank-category-name" required>
          <Input
            id="bank-category-name"
            value={name}
            maxLength={50}
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** The list's first line: every category of the plants shown. */
const ALL_CATEGORIES: CategoryRow = { id: 0, bu: '', name: '', questionCount: 0 };

const Categories = ({
  bu,
  chosen,
  onChoose,
  plants,
}: {
  bu: string;
  chosen?: number;
  onChoose: (id: number | undefined) => void;
  plants: readonly string[];
}) => {
  const categories = useQuery(bankCategoriesQuery(bu));
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<CategoryRow | 'new' | undefined>();
  const rows = categories.data ?? [];
  return (
    <Card
      size="small"
      title={q.categories}
      extra={
        <Button size="small" onClick={() => setEditing('new')}>
          {q.addCategory}
        </Button>
      }
    >
      <QueryErrorOf query={categories} />
      <List
        className="bank-categories"
        size="small"
        loading={categories.isLoading}
        locale={{ emptyText: q.noCategories }}
        rowKey="id"
        dataSource={[ALL_CATEGORIES, ...rows]}
        renderItem={(item) => {
          const row = item === ALL_CATEGORIES ? undefined : item;
          const id = row?.id;
          const isChosen = chosen === id;
          return (
            <List.Item
              className={isChosen ? 'is-chosen' : undefined}
              actions={
                row
                  ? [
                      <Button key="rename" size="small" type="link" onClick={() => setEditing(row)}>
                        {q.renameCategory}
                      </Button>,
                      <Popconfirm
                        key="delete"
                        title={q.deleteCategoryConfirm}
                        okText={q.deleteCategory}
                        okButtonProps={{ danger: true }}
                        cancelText={ct.common.cancel}
                        onConfirm={() =>
                          remove.mutate(row.id, { onSuccess: () => (isChosen ? onChoose(undefined) : undefined) })
                        }
                      >
                        <Button size="small" type="link" danger>
                          {q.deleteCategory}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Button type="text" size="small" aria-pressed={isChosen} onClick={() => onChoose(id)}>
                {row
                  ? `${plants.length > 1 ? `${row.bu} · ` : ''}${row.name}（${q.questionCount(row.questionCount)}）`
                  : q.allCategories}
              </Button>
            </List.Item>
          );
        }}
      />
      {editing && (
        <CategoryDialog
          category={editing === 'new' ? undefined : editing}
          plants={plants}
          defaultPlant={bu || (plants[0] ?? '')}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
};

/** The options under the subject, the right ones marked. */
const OptionsLine = ({ question }: { question: BankQuestion }) =>
  question.options.length === 0 ? null : (
    <Typography.Text type="secondary">
      {question.options
        .map((option, index) => `${OPTION_LETTERS[index]}. ${option.content}${option.isCorrect ? ' ✓' : ''}`)
        .join('　')}
    </Typography.Text>
  );

const QuestionBankPage = ({ session }: { session: ConsoleSession }) => {
  const plants = session.adminPlants;
  const [filter, setFilter] = useState<BankFilter>({ bu: '', subjectType: '', keyword: '' });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BankQuestion | 'new' | undefined>();
  const [isImporting, setImporting] = useState(false);
  const categories = useQuery(bankCategoriesQuery(filter.bu));
  const questions = useQuery(bankQuestionsQuery(filter, page));
  const remove = useDeleteQuestions();
  const setFilterField = (patch: Partial<BankFilter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {q.menu}
      </Typography.Title>
      <Typography.Text type="secondary">{q.intro}</Typography.Text>
      <Space wrap>
        <Select
          aria-label={ct.common.plant}
          style={{ width: 140 }}
          value={filter.bu}
          onChange={(bu) => setFilterField({ bu, categoryId: undefined })}
          options={[{ value: '', label: q.allPlants }, ...plants.map((plant) => ({ value: plant, label: plant }))]}
        />
        <Select
          aria-label={q.type}
          style={{ width: 130 }}
          value={filter.subjectType}
          onChange={(subjectType) => setFilterField({ subjectType })}
          options={[
            { value: '', label: q.allTypes },
            ...SUBJECT_TYPES.map((type) => ({ value: type, label: q.typeLabels[type] })),
          ]}
        />
        <Input.Search
          aria-label={q.keyword}
          placeholder={q.keyword}
          allowClear
          style={{ width: 220 }}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(keyword) => setFilterField({ keyword: keyword.trim() })}
        />
        <Button type="primary" onClick={() => setEditing('new')}>
          {q.newQuestion}
        </Button>
        <Button onClick={() => setImporting(true)}>{q.importSheet}</Button>
        <Button onClick={() => void exportBank(filter).then(saveDownload)}>{q.exportSheet}</Button>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={7}>
          <Categories
            bu={filter.bu}
            chosen={filter.categoryId}
            onChoose={(categoryId) => setFilterField({ categoryId })}
            plants={plants}
          />
        </Col>
        <Col xs={24} lg={17}>
          <Card size="small">
            <PagedTable<BankQuestion>
              query={questions}
              page={page}
              pageSize={BANK_PAGE_SIZE}
              onPage={setPage}
              locale={emptyLocale(q.empty)}
              columns={[
                {
                  title: q.subject,
                  render: (_, row) => (
                    <Space direction="vertical" size={2}>
                      <Typography.Text className="bank-subject-cell">{row.subject}</Typography.Text>
                      <OptionsLine question={row} />
                    </Space>
                  ),
                },
                { title: q.type, width: 80, render: (_, row) => <Tag>{q.typeLabels[row.subjectType]}</Tag> },
                { title: q.category, width: 110, render: (_, row) => row.categoryName },
                { title: q.answer, width: 110, render: (_, row) => keyText(row) || q.noKey },
                { title: q.score, dataIndex: 'score', width: 60 },
                {
                  title: ct.common.actions,
                  width: 120,
                  render: (_, row) => (
                    <Space size={0}>
                      <Button size="small" type="link" onClick={() => setEditing(row)}>
                        {q.edit}
                      </Button>
                      <Popconfirm
                        title={q.deleteConfirm}
                        okText={q.delete}
                        okButtonProps={{ danger: true }}
                        cancelText={ct.common.cancel}
                        onConfirm={() => remove.mutate([row.id])}
                      >
                        <Button size="small" type="link" danger>
                          {q.delete}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {editing && (
        <QuestionEditor
          question={editing === 'new' ? undefined : editing}
          categories={categories.data ?? []}
          defaultCategoryId={filter.categoryId}
          onClose={() => setEditing(undefined)}
        />
      )}
      {isImporting && (
        <ImportDialog
          plants={plants}
          defaultPlant={filter.bu || (plants[0] ?? '')}
          onClose={() => setImporting(false)}
        />
      )}
    </Space>
  );
};

export default QuestionBankPage;
