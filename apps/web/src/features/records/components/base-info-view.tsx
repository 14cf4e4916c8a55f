// The base data of 个人信息 as read: identity, contact, household and family, emergency contact, the ID card scans.
import type { EmployeeInfo } from '@ess/contract/records';
import { FilePreview } from '../../../components/upload/file-preview';
import { t } from '../../../i18n/zh-CN';
import { FieldList } from './field-list';

const base = t.records.base;

type BaseInfoViewProps = {
  info: EmployeeInfo;
  nameOf: {
    card: (code: string) => string;
    poli: (code: string) => string;
    rel: (code: string) => string;
    fert: (code: string) => string;
  };
};

const measure = (value: number | null) => (value === null ? '' : String(value));

export const BaseInfoView = ({ info, nameOf }: BaseInfoViewProps) => (
  <>
    <section className="records-section" aria-labelledby="base-section">
      <h2 className="records-section-title" id="base-section">
        {base.section}
      </h2>
      <FieldList
        items={[
          { label: base.empName, value: info.empName },
          { label: base.empNo, value: info.empNo },
          { label: base.empEnterDate, value: info.empEnterDate ?? '' },
          { label: base.empCard, value: info.empCard },
          { label: base.empTelNo, value: info.empTelNo },
          { label: base.address, value: info.address },
          { label: base.empCardType, value: nameOf.card(info.empCardType) },
          { label: base.empHeight, value: measure(info.empHeight) },
          { label: base.empWeight, value: measure(info.empWeight) },
          { label: base.empEmail, value: info.empEmail },
          { label: base.empPolitical, value: nameOf.poli(info.empPolitical) },
          {
            label: base.isMarry,
            value: info.isMarry === 'Y' ? base.married : info.isMarry === 'N' ? base.unmarried : '',
          },
          ...(info.isMarry === 'Y' ? [{ label: base.hasBirth, value: nameOf.fert(info.hasBirth) }] : []),
        ]}
      />
    </section>
    <section className="records-section" aria-labelledby="contact-section">
      <h2 className="records-section-title" id="contact-section">
        {base.contactSection}
      </h2>
      <FieldList
        items={[
          { label: base.emergencyContactName, value: info.emergencyContactName },
          { label: base.emergencyContactRelation, value: nameOf.rel(info.emergencyContactRelation) },
          { label: base.emergencyContactTelNo, value: info.emergencyContactTelNo },
        ]}
      />
    </section>
    <section className="records-section" aria-labelledby="scan-section">
      <h2 className="records-section-title" id="scan-section">
        {base.scanSection}
      </h2>
      <FieldList
        className="field-list-scans"
        items={[
          {
            label: base.empCardScanUp,
            value: info.empCardScanUp ? <FilePreview path={info.empCardScanUp} label={base.empCardScanUp} /> : '',
          },
          {
            label: base.empCardScanDown,
            value: info.empCardScanDown ? <FilePreview path={info.empCardScanDown} label={base.empCardScanDown} /> : '',
          },
        ]}
      />
    </section>
  </>
);
