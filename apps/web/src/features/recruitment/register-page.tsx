// /register?empNo=… (public): a candidate's registration through a referral link: name, age (digits), position and
// a resume (.doc, .docx, .pdf; one file, checked by content on the server). After a registration a cookie flag is
// set to 1 and the form gives way to 信息已提交,请耐心等待 (SPEC §4), also when the page is opened again.
import { REGISTERED_COOKIE, REGISTERED_MESSAGE, type RegisterForm, registerForm } from '@ess/contract/recruitment';
import { Form, Result } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { contractRules } from '../../components/form/contract-rules';
import { PublicForm, RequiredItem, RequiredTextItem } from '../../components/form/public-form';
import { PublicFileUploader } from '../../components/upload/public-file-uploader';
import { t } from '../../i18n/zh-CN';
import { useRegisterCandidate } from './api/recruitment';
import './recruitment.css';

const rulesOf = contractRules(registerForm);
const FLAG_SECONDS = 180 * 24 * 60 * 60;

export const hasRegistered = () => document.cookie.split(';').some((part) => part.trim() === `${REGISTERED_COOKIE}=1`);
const markRegistered = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: SPEC §4 keeps the flag in a cookie; older WebViews lack the Cookie Store API.
  document.cookie = `${REGISTERED_COOKIE}=1; Path=/; Max-Age=${FLAG_SECONDS}; SameSite=Lax`;
};

type Values = Omit<RegisterForm, 'ReferrerEmp'>;

const RegisterPage = () => {
  const [params] = useSearchParams();
  const referrer = params.get('empNo')?.trim() ?? '';
  const [isDone, setDone] = useState(hasRegistered);
  const register = useRegisterCandidate();
  const [form] = Form.useForm<Values>();

  if (isDone) {
    return (
      <div className="register-page">
        <Result status="success" title={REGISTERED_MESSAGE} />
      </div>
    );
  }

  const send = (values: Values) => {
    if (register.isPending) return;
    register.mutate(
      { ...values, ReferrerEmp: referrer },
      {
        onSuccess: () => {
          markRegistered();
          setDone(true);
        },
      },
    );
  };

  return (
    <div className="register-page">
      <div className="register-head">
        <h2 className="recruitment-title">{t.recruitment.registerTitle}</h2>
        <p className="recruitment-intro">{t.recruitment.registerIntro}</p>
        <p className={referrer ? 'recruitment-hint' : 'register-warning'}>
          {referrer ? t.recruitment.referredBy(referrer) : t.recruitment.noReferrer}
        </p>
      </div>
      <PublicForm
        form={form}
        name="register"
        onFinish={send}
        submitLabel={t.recruitment.submit}
        isPending={register.isPending}
        submitDisabled={!referrer}
      >
        <RequiredTextItem
          name="UserName"
          label={t.recruitment.userName}
          rules={rulesOf('UserName')}
          maxLength={32}
          clearable
        />
        <RequiredTextItem
          name="UserAge"
          label={t.recruitment.userAge}
          rules={rulesOf('UserAge')}
          inputMode="numeric"
          maxLength={3}
        />
        <RequiredTextItem
          name="PositionApply"
          label={t.recruitment.positionApply}
          rules={rulesOf('PositionApply')}
          maxLength={64}
          clearable
        />
        <RequiredItem
          name="FilePath"
          label={t.recruitment.resume}
          rules={rulesOf('FilePath')}
          description={t.recruitment.resumeHint}
          layout="vertical"
        >
          <PublicFileUploader upType="RESUME" label={t.recruitment.resume} />
        </RequiredItem>
      </PublicForm>
    </div>
  );
};

export default RegisterPage;
