// A form label with antd-mobile's red required mark, which a screen reader leaves out of the field's name
// (Form's own requiredMarkStyle puts the "*" into it: "原密码 *"). Forms using it set requiredMarkStyle="none".
import type { ReactNode } from 'react';

export const RequiredLabel = ({ children }: { children: ReactNode }) => (
  <>
    {children}
    <span className="adm-form-item-required-asterisk" aria-hidden="true">
      *
    </span>
  </>
);
