// A banner created or edited in a drawer: the picture (uploaded at once, so the preview beside the form shows it as
// a 375 px phone will, with its sizes), the title, where a tap leads (a page of the app from its own list, or an
// https address), the period, the order and the plants. The rules are the contract's; the server checks them again.
import {
  BANNER_IMAGE,
  BANNER_LINK_ROUTES,
  type BannerImage,
  type BannerRow,
  bannerObject,
  isAppLink,
  linkProblem,
  PERIOD_MESSAGE,
  SORT_MAX,
  TITLE_MAX_LENGTH,
} from '@ess/contract/banners';
import type { ConsoleSession } from '@ess/contract/console';
import {
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { contractRules } from '../../../components/form/contract-rules';
import { getShanghaiToday } from '../../../lib/dates';
import { plantOptions } from '../../plant-options';
import { ct } from '../../texts';
import type { BannerInput } from './api/save-banner';
import { useSaveBanner } from './api/save-banner';
import { useUploadBannerImage } from './api/upload-banner-image';
import { PhonePreview } from './phone-preview';

const b = ct.banners;
const rulesOf = contractRules(bannerObject);
const DATE_FORMAT = 'YYYY-MM-DD';

type LinkKind = 'none' | 'page' | 'url';
type FormValues = {
  title: string;
  imageId?: number;
  linkKind: LinkKind;
  linkPage?: string;
  linkUrl?: string;
  startsOn: string;
  endsOn?: string;
  sort: number;
  plants: string[];
  isWholeCompany: boolean;
};

const PAGE_OPTIONS = BANNER_LINK_ROUTES.map((route) => ({
  value: route.path,
  label: `${route.label}（${route.path}）`,
}));
const pageLabel = (path: string) => BANNER_LINK_ROUTES.find((route) => route.path === path.split(/[?#]/)[0])?.label;

const initialValuesOf = (row: BannerRow | undefined, session: ConsoleSession): FormValues => {
  if (!row) {
    return {
      title: '',
      linkKind: 'none',
      startsOn: getShanghaiToday(),
      sort: 0,
      plants: session.adminPlants.length === 1 ? [...session.adminPlants] : [],
      isWholeCompany: false,
    };
  }
  const link = row.link ?? '';
  return {
    title: row.title,
    imageId: row.image.id,
    linkKind: !link ? 'none' : isAppLink(link) ? 'page' : 'url',
    linkPage: link && isAppLink(link) ? link : undefined,
    linkUrl: link && !isAppLink(link) ? link : undefined,
    startsOn: row.startsOn,
    endsOn: row.endsOn ?? undefined,
    sort: row.sort,
    plants: row.plants,
    isWholeCompany: row.plants.length === 0,
  };
};

const inputOf = (values: FormValues): BannerInput => ({
  title: values.title,
  imageId: values.imageId as number,
  link: values.linkKind === 'page' ? values.linkPage : values.linkKind === 'url' ? values.linkUrl?.trim() : undefined,
  startsOn: values.startsOn,
  endsOn: values.endsOn || undefined,
  sort: values.sort,
  plants: (values.isWholeCompany ? [] : values.plants) as BannerInput['plants'],
});

/** A date field held as yyyy-MM-dd, shown by a picker. */
const dateProps = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => value?.format(DATE_FORMAT),
};

export const BannerDrawer = ({
  row,
  session,
  onClose,
}: {
  /** The banner to edit; none to create one. */
  row?: BannerRow;
  session: ConsoleSession;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<FormValues>();
  const [image, setImage] = useState<BannerImage | undefined>(row?.image);
  const upload = useUploadBannerImage();
  const save = useSaveBanner();
  const isSysAdmin = session.roles.includes('SysAdmin');
  const isNarrow = Grid.useBreakpoint().lg === false;
  const title = Form.useWatch('title', form) ?? row?.title ?? '';
  const linkKind = Form.useWatch('linkKind', form) ?? 'none';
  const linkPage = Form.useWatch('linkPage', form);
  const linkUrl = Form.useWatch('linkUrl', form);
  const isWholeCompany = Form.useWatch('isWholeCompany', form) ?? false;
  const linkTarget =
    linkKind === 'page' && linkPage ? pageLabel(linkPage) : linkKind === 'url' && linkUrl ? linkUrl : undefined;

  const submit = (values: FormValues) =>
    save.mutate({ id: row?.id, fields: inputOf(values) }, { onSuccess: () => onClose() });

  return (
    <Drawer
      open
      width={isNarrow ? '100%' : 980}
      title={row ? b.editTitle(row.title) : b.create}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{ct.common.cancel}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {b.save}
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, alignItems: 'flex-start' }}>
        <Form<FormValues>
          name="banner"
          form={form}
          layout="vertical"
          style={{ flex: 1, minWidth: 300 }}
          initialValues={initialValuesOf(row, session)}
          onFinish={submit}
        >
          <Form.Item label={b.picture} required extra={b.pictureHint}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {image && (
                <Typography.Text type="secondary">
                  {b.pictureSizes(
                    image.width,
                    image.height,
                    Math.round(image.webpBytes / 1024),
                    Math.round(image.jpegBytes / 1024),
                  )}
                </Typography.Text>
              )}
              <Upload
                accept="image/jpeg,image/png,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  if (file.size > BANNER_IMAGE.maxBytes) {
                    form.setFields([{ name: 'imageId', errors: [b.tooLarge(BANNER_IMAGE.maxBytes >> 20)] }]);
                    return false;
                  }
                  upload.mutate(file, {
                    onSuccess: (uploaded) => {
                      setImage(uploaded);
                      form.setFieldValue('imageId', uploaded.id);
                      void form.validateFields(['imageId']);
                    },
                  });
                  return false;
                }}
              >
                <Button loading={upload.isPending}>
                  {upload.isPending ? b.uploading : image ? b.replacePicture : b.choosePicture}
                </Button>
              </Upload>
              <Form.Item name="imageId" noStyle rules={[{ required: true, message: b.pictureRequired }]}>
                <input type="hidden" />
              </Form.Item>
              <Form.Item shouldUpdate noStyle>
                {() => {
                  const errors = form.getFieldError('imageId');
                  return errors.length > 0 ? <Typography.Text type="danger">{errors[0]}</Typography.Text> : null;
                }}
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label={b.bannerTitle} name="title" required rules={rulesOf('title')}>
            <Input maxLength={TITLE_MAX_LENGTH} showCount placeholder={b.titlePlaceholder} />
          </Form.Item>
          <Form.Item label={b.linkKind} name="linkKind">
            <Radio.Group
              options={[
                { value: 'none', label: b.linkNone },
                { value: 'page', label: b.linkPage },
                { value: 'url', label: b.linkUrl },
              ]}
            />
          </Form.Item>
          {linkKind === 'page' && (
            <Form.Item
              label={b.linkPageField}
              name="linkPage"
              rules={[
                { required: true, message: b.linkPageRequired },
                { validator: async (_rule, value?: string) => checkLink(value) },
              ]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={b.linkPagePlaceholder}
                options={PAGE_OPTIONS}
                virtual={false}
              />
            </Form.Item>
          )}
          {linkKind === 'url' && (
            <Form.Item
              label={b.linkUrlField}
              name="linkUrl"
              rules={[
                { required: true, whitespace: true, message: b.linkUrlRequired },
                { validator: async (_rule, value?: string) => checkLink(value?.trim()) },
              ]}
            >
              <Input placeholder={b.linkUrlPlaceholder} inputMode="url" />
            </Form.Item>
          )}
          <Space size={16} align="start" wrap>
            <Form.Item label={b.startsOn} name="startsOn" required rules={rulesOf('startsOn')} {...dateProps}>
              <DatePicker format={DATE_FORMAT} allowClear={false} />
            </Form.Item>
            <Form.Item
              label={b.endsOn}
              name="endsOn"
              dependencies={['startsOn']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value?: string) => {
                    const startsOn = getFieldValue('startsOn') as string | undefined;
                    if (value && startsOn && value < startsOn) throw new Error(PERIOD_MESSAGE);
                  },
                }),
              ]}
              {...dateProps}
            >
              <DatePicker format={DATE_FORMAT} placeholder={b.endsOnPlaceholder} />
            </Form.Item>
            <Form.Item label={b.sort} name="sort" rules={rulesOf('sort')} tooltip={b.sortHint}>
              <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Form.Item label={b.plants} required style={{ marginBottom: 0 }}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {isSysAdmin && (
                <Form.Item name="isWholeCompany" valuePropName="checked" noStyle>
                  <Checkbox>{b.wholeCompany}</Checkbox>
                </Form.Item>
              )}
              {!isWholeCompany && (
                <Form.Item
                  name="plants"
                  rules={[{ type: 'array', required: true, min: 1, message: b.plantsRequired }]}
                  extra={isSysAdmin ? undefined : b.wholeCompanyHint}
                >
                  <Select
                    mode="multiple"
                    aria-label={b.plants}
                    placeholder={b.plantsPlaceholder}
                    options={plantOptions(session.adminPlants)}
                    virtual={false}
                  />
                </Form.Item>
              )}
            </Space>
          </Form.Item>
        </Form>
        <PhonePreview banner={image ? { ...image, title: title || b.picture } : undefined} linkTarget={linkTarget} />
      </div>
    </Drawer>
  );
};

const checkLink = async (value: string | undefined) => {
  const problem = value ? linkProblem(value) : undefined;
  if (problem) throw new Error(problem);
};
