// 公司信息 (SysAdmin): the company's face without a rebuild: its name and the app's short title, the logo, the copyright
// line and the ICP filing number of the sign-in page's footer, and the names people read for the plants and for the
// departments of each plant (listed from the plant's employees). One form, saved whole against the version it was
// read at; a preview beside it shows the sign-in page's header and footer as the workers will see them.
import { PLANTS } from '@ess/contract/plants';
import {
  APP_TITLE_MAX,
  COMPANY_NAME_MAX,
  COPYRIGHT_MAX,
  DEPARTMENT_NAME_MAX,
  PLANT_NAME_MAX,
  type SaveSiteSettingsRequest,
  type SiteSettings,
  saveSiteSettingsRequest,
} from '@ess/contract/site';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { t } from '../../../i18n/zh-CN-shell';
import { DEFAULT_LOGO_URL } from '../../../lib/site-face';
import { QueryErrorOf } from '../../components/query-error';
import { emptyLocale } from '../../components/table-empty';
import { plantLabel } from '../../plant-options';
import { ct } from '../../texts';
import { siteSettingsQuery } from './api/get-site-settings';
import { useSaveSiteSettings } from './api/save-site-settings';
import { useUploadSiteLogo } from './api/upload-site-logo';

const w = ct.site;
const rulesOf = contractRules(saveSiteSettingsRequest);
const DEFAULT_TITLE = t.app.title;

type FaceFields = {
  companyName: string;
  appTitle: string;
  copyright: string;
  icpFiling: string;
  plantNames: Record<string, string>;
};
type Logo = SiteSettings['logo'];
type Department = SiteSettings['departments'][number];

const departmentKey = (bu: string, deptName: string) => `${bu}\u0000${deptName}`;

const fieldsOf = (data: SiteSettings): FaceFields => ({
  companyName: data.companyName,
  appTitle: data.appTitle,
  copyright: data.copyright,
  icpFiling: data.icpFiling,
  plantNames: Object.fromEntries(PLANTS.map((plant) => [plant, data.plantNames[plant] ?? ''])),
});

const namesOf = (departments: Department[]) =>
  Object.fromEntries(departments.map((row) => [departmentKey(row.bu, row.deptName), row.displayName]));

/** What the save sends: the form as typed (trimmed by the contract on the server), every department's name. */
const requestOf = (
  version: number,
  fields: FaceFields,
  logo: Logo,
  departments: Department[],
  names: Record<string, string>,
): SaveSiteSettingsRequest => ({
  version,
  companyName: fields.companyName ?? '',
  appTitle: fields.appTitle ?? '',
  copyright: fields.copyright ?? '',
  icpFiling: (fields.icpFiling ?? '').trim(),
  logo: logo?.id ?? null,
  plantNames: Object.fromEntries(
    PLANTS.flatMap((plant) => (fields.plantNames?.[plant]?.trim() ? [[plant, fields.plantNames[plant]]] : [])),
  ),
  departmentNames: departments.flatMap((row) => {
    const displayName = names[departmentKey(row.bu, row.deptName)]?.trim() ?? '';
    return displayName ? [{ bu: row.bu as (typeof PLANTS)[number], deptName: row.deptName, displayName }] : [];
  }),
});

/** The sign-in page's header and footer as a worker's phone will show them. */
const LoginPreview = ({ fields, logo }: { fields: FaceFields; logo: Logo }) => (
  <Card size="small" title={w.preview}>
    <div
      style={{
        border: '1px solid #e5e6eb',
        borderRadius: 12,
        padding: '24px 16px 12px',
        background: 'linear-gradient(180deg, #e8f1ff 0%, #ffffff 60%)',
        textAlign: 'center',
        minHeight: 260,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <img
        src={logo?.url ?? DEFAULT_LOGO_URL}
        alt={w.logoPreview}
        style={{ height: 72, width: 'auto', maxWidth: 240, objectFit: 'contain', margin: '0 auto 8px' }}
      />
      <div style={{ minHeight: 20, fontSize: 14, color: '#5f6570' }}>{fields.companyName}</div>
      <div style={{ fontSize: 22, fontWeight: 600, letterSpacing: 2 }}>{fields.appTitle?.trim() || DEFAULT_TITLE}</div>
      <div style={{ flex: 1, minHeight: 48 }} />
      <div style={{ fontSize: 12, color: '#5f6570' }}>
        {fields.copyright?.trim() && <div>{fields.copyright}</div>}
        {fields.icpFiling?.trim() && <div style={{ textDecoration: 'underline' }}>{fields.icpFiling}</div>}
      </div>
    </div>
  </Card>
);

const LogoField = ({ logo, onChange }: { logo: Logo; onChange: (logo: Logo) => void }) => {
  const { message } = App.useApp();
  const upload = useUploadSiteLogo();
  return (
    <Space direction="vertical" size={8}>
      <div
        style={{
          width: 256,
          height: 88,
          padding: 8,
          boxSizing: 'border-box',
          border: '1px dashed #d0d4db',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
        }}
      >
        <img
          src={logo?.url ?? DEFAULT_LOGO_URL}
          alt={w.logoPreview}
          style={{ height: 72, width: 'auto', maxWidth: 240, objectFit: 'contain' }}
        />
      </div>
      {!logo && <Typography.Text type="secondary">{w.defaultLogo}</Typography.Text>}
      <Space>
        <Upload
          accept=".png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file, {
              onSuccess: (uploaded) => {
                onChange(uploaded);
                void message.success(w.logoUploaded);
              },
            });
            return false;
          }}
        >
          <Button loading={upload.isPending}>{logo ? w.replaceLogo : w.uploadLogo}</Button>
        </Upload>
        {logo && <Button onClick={() => onChange(null)}>{w.removeLogo}</Button>}
      </Space>
      <Typography.Text type="secondary">{w.logoHint}</Typography.Text>
    </Space>
  );
};

const DepartmentNames = ({
  departments,
  names,
  onChange,
}: {
  departments: Department[];
  names: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) => {
  const plantsWithDepartments = PLANTS.filter((plant) => departments.some((row) => row.bu === plant));
  const [plant, setPlant] = useState<string>(plantsWithDepartments[0] ?? PLANTS[0]);
  const rows = departments.filter((row) => row.bu === plant);
  return (
    <Card size="small" title={w.departmentsTitle}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{w.departmentsHint}</Typography.Text>
        <Space>
          <label htmlFor="site-department-plant">{w.departmentsPlant}</label>
          <Select
            id="site-department-plant"
            style={{ width: 200 }}
            value={plant}
            onChange={setPlant}
            options={PLANTS.map((code) => ({
              value: code,
              label: w.plantOption(plantLabel(code), departments.filter((row) => row.bu === code).length),
            }))}
          />
        </Space>
        <Table<Department>
          size="small"
          rowKey={(row) => departmentKey(row.bu, row.deptName)}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={emptyLocale(w.noDepartments)}
          columns={[
            { title: w.department, dataIndex: 'deptName', key: 'deptName' },
            {
              title: w.employees,
              key: 'employees',
              width: 100,
              render: (_, row) =>
                row.employees > 0 ? row.employees : <Typography.Text type="secondary">{w.noEmployees}</Typography.Text>,
            },
            {
              title: w.displayName,
              key: 'displayName',
              width: 280,
              render: (_, row) => {
                const key = departmentKey(row.bu, row.deptName);
                return (
                  <Input
                    aria-label={w.departmentNameOf(row.deptName)}
                    placeholder={row.deptName}
                    maxLength={DEPARTMENT_NAME_MAX}
                    value={names[key] ?? ''}
                    onChange={(event) => onChange(key, event.target.value)}
                  />
                );
              },
            },
          ]}
        />
      </Space>
    </Card>
  );
};

const SiteForm = ({ data }: { data: SiteSettings }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<FaceFields>();
  const initial = useMemo(() => fieldsOf(data), [data]);
  const fields = (Form.useWatch([], form) as FaceFields | undefined) ?? initial;
  const [logo, setLogo] = useState<Logo>(data.logo);
  const [names, setNames] = useState<Record<string, string>>(() => namesOf(data.departments));
  const save = useSaveSiteSettings();

  const initialRequest = useMemo(
    () => JSON.stringify(requestOf(data.version, initial, data.logo, data.departments, namesOf(data.departments))),
    [data, initial],
  );
  const request = requestOf(data.version, { ...initial, ...fields }, logo, data.departments, names);
  const isDirty = JSON.stringify(request) !== initialRequest;

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return void message.error(w.formInvalid);
    }
    save.mutate(request);
  };
  const reset = () => {
    form.setFieldsValue(initial);
    setLogo(data.logo);
    setNames(namesOf(data.departments));
  };

  const actions = (
    <Space>
      {/* Amber dark enough to read on white (antd's warning colour is 1.9:1). */}
      {isDirty && <Typography.Text style={{ color: '#ad4e00' }}>{w.unsaved}</Typography.Text>}
      <Button onClick={reset} disabled={!isDirty || save.isPending}>
        {w.reset}
      </Button>
      <Button type="primary" onClick={() => void submit()} disabled={!isDirty} loading={save.isPending}>
        {w.save}
      </Button>
    </Space>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {ct.menu.site}
        </Typography.Title>
        <Typography.Text type="secondary">
          {data.updatedAt ? w.lastSaved(data.updatedAt, data.updatedBy) : w.neverSaved}
        </Typography.Text>
        <div style={{ marginLeft: 'auto' }}>{actions}</div>
      </div>
      <Typography.Text type="secondary">{w.intro}</Typography.Text>
      <Form<FaceFields> form={form} layout="vertical" initialValues={initial} requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} lg={15}>
            <Card size="small" title={w.faceTitle}>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="companyName"
                    label={w.companyName}
                    extra={w.companyNameHint}
                    rules={rulesOf('companyName')}
                  >
                    <Input maxLength={COMPANY_NAME_MAX} placeholder={w.companyNamePlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="appTitle" label={w.appTitle} extra={w.appTitleHint} rules={rulesOf('appTitle')}>
                    <Input maxLength={APP_TITLE_MAX} placeholder={DEFAULT_TITLE} />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item label={w.logo}>
                <LogoField logo={logo} onChange={setLogo} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="copyright" label={w.copyright} extra={w.copyrightHint} rules={rulesOf('copyright')}>
                    <Input maxLength={COPYRIGHT_MAX} placeholder={w.copyrightPlaceholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="icpFiling" label={w.icpFiling} extra={w.icpFilingHint} rules={rulesOf('icpFiling')}>
                    <Input maxLength={40} placeholder={w.icpFilingPlaceholder} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={9}>
            <LoginPreview fields={{ ...initial, ...fields }} logo={logo} />
          </Col>
        </Row>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={9}>
            <Card size="small" title={w.plantsTitle}>
              <Typography.Paragraph type="secondary">{w.plantsHint}</Typography.Paragraph>
              <Table
                size="small"
                rowKey="code"
                pagination={false}
                dataSource={PLANTS.map((code) => ({ code }))}
                columns={[
                  { title: w.plantCode, dataIndex: 'code', key: 'code', width: 90 },
                  {
                    title: w.displayName,
                    key: 'name',
                    render: (_, { code }) => (
                      <Form.Item name={['plantNames', code]} noStyle>
                        <Input aria-label={w.plantNameOf(code)} placeholder={code} maxLength={PLANT_NAME_MAX} />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={15}>
            <DepartmentNames
              departments={data.departments}
              names={names}
              onChange={(key, value) => setNames((current) => ({ ...current, [key]: value }))}
            />
          </Col>
        </Row>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>{actions}</div>
    </Space>
  );
};

const SitePage = () => {
  const settings = useQuery(siteSettingsQuery());
  return (
    <>
      <QueryErrorOf query={settings} />
      {/* A new version (after a save) is a new form, read from what the server now holds. */}
      {settings.data && <SiteForm key={settings.data.version} data={settings.data} />}
    </>
  );
};

export default SitePage;
