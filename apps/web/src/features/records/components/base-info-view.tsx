// The base data of 个人信息 as read: identity, contact, household and family, emergency contact, the ID card scans.
import { BASE_FIELDS } from '@ess/contract/record-fields';
import type { EmployeeInfo } from '@ess/contract/records';
import { FilePreview } from '../../../components/upload/file-preview';
import { t } from '../../../i18n/zh-CN';
import { FieldList } from './field-list';

const base = t.records.base;
const MARRIAGE = BASE_FIELDS.isMarry.format.options;

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
          { label: BASE_FIELDS.empCard.label, value: info.empCard },
          { label: BASE_FIELDS.empTelNo.label, value: info.empTelNo },
          { label: BASE_FIELDS.address.label, value: info.address },
          { label: BASE_FIELDS.empCardType.label, value: nameOf.card(info.empCardType) },
          { label: BASE_FIELDS.empHeight.label, value: measure(info.empHeight) },
          { label: BASE_FIELDS.empWeight.label, value: measure(info.empWeight) },
          { label: BASE_FIELDS.empEmail.label, value: info.empEmail },
          { label: BASE_FIELDS.empPolitical.label, value: nameOf.poli(info.empPolitical) },
          {
            label: BASE_FIELDS.isMarry.label,
            value: info.isMarry === 'Y' ? MARRIAGE.Y : info.isMarry === 'N' ? MARRIAGE.N : '',
          },
          ...(info.isMarry === 'Y' ? [{ label: BASE_FIELDS.hasBirth.label, value: nameOf.fert(info.hasBirth) }] : []),
        ]}
      />
    </section>
    <section className="records-section" aria-labelledby="contact-section">
      <h2 className="records-section-title" id="contact-section">
        {base.contactSection}
      </h2>
      <FieldList
        items={[
          { label: BASE_FIELDS.emergencyContactName.label, value: info.emergencyContactName },
          { label: BASE_FIELDS.emergencyContactRelation.label, value: nameOf.rel(info.emergencyContactRelation) },
          { label: BASE_FIELDS.emergencyContactTelNo.label, value: info.emergencyContactTelNo },
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
            label: BASE_FIELDS.empCardScanUp.label,
            value: info.empCardScanUp ? (
              <FilePreview path={info.empCardScanUp} label={BASE_FIELDS.empCardScanUp.label} />
            ) : (
              ''
            ),
          },
          {
            label: BASE_FIELDS.empCardScanDown.label,
            value: info.empCardScanDown ? (
              <FilePreview path={info.empCardScanDown} label={BASE_FIELDS.empCardScanDown.label} />
            ) : (
              ''
            ),
          },
        ]}
      />
    </section>
  </>
);
