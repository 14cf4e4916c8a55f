// 发布考试 / 发布问卷: title, the audience, the window; the questions chosen from the bank with their marks, or for an
// exam the number drawn at random per category for each worker; the exam's time limit, pass mark, attempts and
// cool-down, shuffling and what the worker sees afterwards; a survey may be anonymous. The server checks it all again.
import type { ConsoleSession } from '@ess/contract/console';
import { REVIEW_MODE_LABELS, REVIEW_MODES } from '@ess/contract/paper-authoring';
import type { BankQuestion } from '@ess/contract/question-bank';
import type { ExamType } from '@ess/contract/training';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { AudienceFields, type AudienceValues, audienceOf, initialAudience } from '../../components/audience-fields';
import { ct } from '../../texts';
import { bankCategoriesQuery } from '../question-bank/api/categories';
import { bankQuestionsQuery } from '../question-bank/api/questions';
import { usePublishPaper } from './api/papers';

const p = ct.papers;
const q = ct.questionBank;

type Values = AudienceValues & {
  title: string;
  description: string;
  opensAt?: Dayjs | null;
  closesAt?: Dayjs | null;
  timeLimitMinutes?: number | null;
  passScore?: number | null;
  maxAttempts: number;
  cooldownMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  isPartialCredit: boolean;
  reviewMode: (typeof REVIEW_MODES)[number];
  isAnonymous: boolean;
};

type Chosen = { question: BankQuestion; score: number };
type Draw = { key: number; categoryId?: number; count: number; score: number };
let drawKeys = 0;

/** The bank's questions to pick from, a page at a time, with the chosen ones ticked. */
const QuestionPicker = ({ chosen, onChange }: { chosen: Chosen[]; onChange: (next: Chosen[]) => void }) => {
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const categories = useQuery(bankCategoriesQuery(''));
  const questions = useQuery(bankQuestionsQuery({ bu: '', categoryId, subjectType: '', keyword }, page));
  const chosenIds = chosen.map((item) => item.question.id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label={q.category}
          allowClear
          placeholder={q.allCategories}
          style={{ width: 200 }}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value);
            setPage(1);
          }}
          options={(categories.data ?? []).map((row) => ({ value: row.id, label: `${row.bu} · ${row.name}` }))}
        />
        <Input.Search
          aria-label={q.keyword}
          placeholder={q.keyword}
          allowClear
          style={{ width: 220 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<BankQuestion>
        size="small"
        rowKey="id"
        loading={questions.isLoading}
        dataSource={questions.data?.data ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: questions.data?.totalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        rowSelection={{
          selectedRowKeys: chosenIds,
          preserveSelectedRowKeys: true,
          onSelect: (row, isSelected) =>
            onChange(
              isSelected
                ? [...chosen, { question: row, score: row.score }]
                : chosen.filter((item) => item.question.id !== row.id),
            ),
          onSelectAll: (isSelected, _rows, changed) =>
            onChange(
              isSelected
                ? [...chosen, ...changed.map((row) => ({ question: row, score: row.score }))]
                : chosen.filter((item) => !changed.some((row) => row.id === item.question.id)),
            ),
        }}
        columns={[
          { title: q.subject, render: (_, row) => row.subject },
          { title: q.type, width: 80, render: (_, row) => q.typeLabels[row.subjectType] },
          { title: q.category, width: 110, render: (_, row) => row.categoryName },
          { title: q.score, dataIndex: 'score', width: 60 },
        ]}
      />
    </Space>
  );
};

export const PaperDrawer = ({
  session,
  examType,
  onClose,
}: {
  session: ConsoleSession;
  examType: ExamType;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const publish = usePublishPaper();
  const { key, renew } = useIdempotencyKey();
  const isExam = examType === 'EXAM';
  const [source, setSource] = useState<'fixed' | 'drawn'>('fixed');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [draws, setDraws] = useState<Draw[]>([{ key: ++drawKeys, count: 10, score: 5 }]);
  const categories = useQuery(bankCategoriesQuery(''));
  const isDrawn = isExam && source === 'drawn';
  const fullMarks = isDrawn
    ? draws.reduce((sum, draw) => sum + draw.count * draw.score, 0)
    : chosen.reduce((sum, item) => sum + (isExam ? item.score : 0), 0);

  const submit = (values: Values) => {
    publish.mutate(
      {
        draft: {
          examType,
          title: values.title,
          description: values.description ?? '',
          audience: audienceOf(values),
          opensAt: values.opensAt?.format('YYYY-MM-DD HH:mm') ?? '',
          closesAt: values.closesAt?.format('YYYY-MM-DD HH:mm') ?? '',
          questions: isDrawn
            ? []
            : chosen.map((item) => ({ bankQuestionId: item.question.id, score: isExam ? item.score : 0 })),
          draws: isDrawn
            ? draws.map((draw) => ({ categoryId: draw.categoryId ?? 0, count: draw.count, score: draw.score }))
            : [],
          ...(isExam
            ? {
                timeLimitMinutes: values.timeLimitMinutes ?? null,
                passScore: values.passScore ?? null,
                maxAttempts: values.maxAttempts,
                cooldownMinutes: values.cooldownMinutes,
                shuffleQuestions: values.shuffleQuestions,
                shuffleOptions: values.shuffleOptions,
                isPartialCredit: values.isPartialCredit,
                reviewMode: values.reviewMode,
              }
            : { shuffleQuestions: false, shuffleOptions: values.shuffleOptions, isAnonymous: values.isAnonymous }),
        },
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          renew();
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open
      width="min(1040px, 96vw)"
      title={p.drawerTitle(p.typeLabels[examType] ?? '')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Popconfirm
          title={p.publishConfirm}
          okText={p.publish}
          cancelText={ct.common.cancel}
          onConfirm={() => form.validateFields().then(submit, () => undefined)}
        >
          <Button type="primary" loading={publish.isPending}>
            {p.publish}
          </Button>
        </Popconfirm>
      }
    >
      <Form<Values>
        name="paper"
        form={form}
        layout="vertical"
        initialValues={{
          title: '',
          description: '',
          ...initialAudience(session),
          maxAttempts: 1,
          cooldownMinutes: 0,
          shuffleQuestions: false,
          shuffleOptions: false,
          isPartialCredit: false,
          reviewMode: 'score',
          isAnonymous: false,
        }}
      >
        <Form.Item name="title" label={p.title} rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="description" label={p.description}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <AudienceFields session={session} />
        <Space size="large" wrap align="start">
          <Form.Item name="opensAt" label={p.opensAt} rules={[{ required: true, message: p.timeMissing }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="closesAt" label={p.closesAt} rules={[{ required: true, message: p.timeMissing }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>

        <Typography.Title level={5}>{p.questionsColumn}</Typography.Title>
        {isExam && (
          <Form.Item label={p.source}>
            <Radio.Group
              optionType="button"
              value={source}
              onChange={(event) => setSource(event.target.value as 'fixed' | 'drawn')}
              options={[
                { value: 'fixed', label: p.fixed },
                { value: 'drawn', label: p.drawn },
              ]}
            />
          </Form.Item>
        )}
        {isDrawn ? (
          <Card size="small" title={p.draws} extra={<Typography.Text type="secondary">{p.poolHint}</Typography.Text>}>
            {draws.map((draw, index) => (
              <Space key={draw.key} wrap style={{ marginBottom: 8 }}>
                <Select
                  aria-label={p.drawCategory}
                  placeholder={p.drawCategory}
                  style={{ width: 240 }}
                  value={draw.categoryId}
                  onChange={(categoryId) =>
                    setDraws(draws.map((item, at) => (at === index ? { ...item, categoryId } : item)))
                  }
                  options={(categories.data ?? []).map((row) => ({
                    value: row.id,
                    label: `${row.bu} · ${row.name}（${q.questionCount(row.questionCount)}）`,
                  }))}
                />
                <InputNumber
                  aria-label={p.drawCount}
                  addonBefore={p.drawCount}
                  min={1}
                  max={200}
                  value={draw.count}
                  onChange={(count) =>
                    setDraws(draws.map((item, at) => (at === index ? { ...item, count: count ?? 1 } : item)))
                  }
                />
                <InputNumber
                  aria-label={p.drawScore}
                  addonBefore={p.drawScore}
                  min={0}
                  max={100}
                  step={0.5}
                  value={draw.score}
                  onChange={(score) =>
                    setDraws(draws.map((item, at) => (at === index ? { ...item, score: score ?? 0 } : item)))
                  }
                />
                <Button type="link" danger onClick={() => setDraws(draws.filter((_, at) => at !== index))}>
                  {p.remove}
                </Button>
              </Space>
            ))}
            <Space>
              <Button onClick={() => setDraws([...draws, { key: ++drawKeys, count: 5, score: 5 }])}>{p.addDraw}</Button>
              <Typography.Text>
                {p.drawnTotal(
                  draws.reduce((sum, draw) => sum + draw.count, 0),
                  fullMarks,
                )}
              </Typography.Text>
            </Space>
          </Card>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <QuestionPicker chosen={chosen} onChange={setChosen} />
            <Card size="small" title={isExam ? p.chosen(chosen.length, fullMarks) : p.chosenSurvey(chosen.length)}>
              {chosen.length === 0 ? (
                <Typography.Text type="secondary">{p.noneChosen}</Typography.Text>
              ) : (
                chosen.map((item, index) => (
                  <Space key={item.question.id} style={{ display: 'flex', marginBottom: 6 }} align="center">
                    <Typography.Text strong>{p.order(index + 1)}</Typography.Text>
                    <Typography.Text style={{ maxWidth: 560 }} ellipsis>
                      {item.question.subject}
                    </Typography.Text>
                    {isExam && (
                      <InputNumber
                        aria-label={`${p.order(index + 1)}${p.score}`}
                        min={0}
                        max={100}
                        step={0.5}
                        size="small"
                        value={item.score}
                        onChange={(score) =>
                          setChosen(chosen.map((other, at) => (at === index ? { ...other, score: score ?? 0 } : other)))
                        }
                      />
                    )}
                    <Button
                      size="small"
                      type="link"
                      danger
                      onClick={() => setChosen(chosen.filter((_, at) => at !== index))}
                    >
                      {p.remove}
                    </Button>
                  </Space>
                ))
              )}
            </Card>
          </Space>
        )}

        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {p.settings}
        </Typography.Title>
        {isExam ? (
          <>
            <Space size="large" wrap align="start">
              <Form.Item name="timeLimitMinutes" label={p.timeLimit} extra={p.timeLimitHint}>
                <InputNumber min={1} max={600} />
              </Form.Item>
              <Form.Item name="passScore" label={p.passScore}>
                <InputNumber min={0} max={fullMarks || undefined} />
              </Form.Item>
              <Form.Item name="maxAttempts" label={p.maxAttempts}>
                <InputNumber min={1} max={10} />
              </Form.Item>
              <Form.Item name="cooldownMinutes" label={p.cooldown}>
                <InputNumber min={0} max={10_080} />
              </Form.Item>
            </Space>
            <Space size="large" wrap align="start">
              <Form.Item name="shuffleQuestions" label={p.shuffleQuestions} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="shuffleOptions" label={p.shuffleOptions} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="isPartialCredit" label={p.partialCredit} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item name="reviewMode" label={p.reviewMode}>
              <Radio.Group options={REVIEW_MODES.map((mode) => ({ value: mode, label: REVIEW_MODE_LABELS[mode] }))} />
            </Form.Item>
          </>
        ) : (
          <Space size="large" wrap align="start">
            <Form.Item name="isAnonymous" label={p.anonymous} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="shuffleOptions" label={p.shuffleOptions} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        )}
      </Form>
    </Drawer>
  );
};
