// The sign-in form's field, checkbox and button, drawn like antd-mobile's Input, Checkbox and Button (the same
// markup roles, sizes and colours; styles in ../login-page.css) but without the library: on /login its three
// components came with its config, locale, hooks and icons in eight files, more than the screen itself
// (docs/decisions.md, "/login size"). Every other screen keeps antd-mobile.
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { t } from '../../../i18n/zh-CN-shell';

type TextFieldProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'type' | 'autoComplete' | 'inputMode' | 'pattern' | 'placeholder'
> & { value: string; onChange: (value: string) => void };

/** A text field with a clear button while it has focus and text, as antd-mobile's `<Input clearable>`. */
export const TextField = ({ value, onChange, ...inputProps }: TextFieldProps) => {
  const [hasFocus, setFocus] = useState(false);
  return (
    <div className="sign-in-input">
      <input
        {...inputProps}
        className="sign-in-input-element"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocus(true)}
        onBlur={() => setFocus(false)}
      />
      {hasFocus && value && (
        <button
          type="button"
          className="sign-in-input-clear"
          aria-label={t.login.clear}
          // The field keeps its focus, so the keyboard stays up.
          tabIndex={-1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChange('')}
        >
          <svg width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true">
            <path
              fill="currentColor"
              d="M24,2 C36.1502645,2 46,11.8497355 46,24 C46,36.1502645 36.1502645,46 24,46 C11.8497355,46 2,36.1502645 2,24 C2,11.8497355 11.8497355,2 24,2 Z M18.6753876,16 L15.5637812,16 C15.4576916,16 15.3559474,16.0421451 15.2809323,16.1171635 C15.124726,16.2733766 15.1247316,16.5266426 15.2809447,16.6828489 L15.2809447,16.6828489 L22.299066,23.7006641 L14.6828159,31.3171619 C14.6078042,31.3921761 14.5656632,31.4939157 14.5656632,31.6 C14.5656632,31.8209139 14.7447493,32 14.9656632,32 L14.9656632,32 L18.0753284,32 C18.1814068,32 18.2831412,31.9578638 18.3581544,31.8828594 L18.3581544,31.8828594 L24.420066,25.8216641 L30.4818451,31.8828564 C30.5568585,31.9578626 30.6585942,32 30.7646741,32 L30.7646741,32 L33.8763476,32 C33.9824309,32 34.0841695,31.9578599 34.1591835,31.8828496 C34.315397,31.7266436 34.3154031,31.4733776 34.1591972,31.3171641 L34.1591972,31.3171641 L26.542066,23.6996641 L33.5591874,16.6828489 C33.6342057,16.6078338 33.6763508,16.5060896 33.6763508,16.4 C33.6763508,16.1790861 33.4972647,16 33.2763508,16 L33.2763508,16 L30.1637654,16 C30.0576705,16 29.9559218,16.0421493 29.8809058,16.1171741 L29.8809058,16.1171741 L24.420066,21.5786641 L18.9582218,16.1171488 C18.883208,16.0421394 18.7814701,16 18.6753876,16 L18.6753876,16 Z"
            />
          </svg>
        </button>
      )}
    </div>
  );
};

/**
 * A round checkbox with its label, as antd-mobile's `<Checkbox>`; the native input stays in the page (focusable,
 * read by screen readers) under the drawn circle.
 */
export const AgreementCheck = ({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className={checked ? 'sign-in-check sign-in-check-checked' : 'sign-in-check'}>
    <input
      type="checkbox"
      className="sign-in-check-input"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
    <span className="sign-in-check-icon" aria-hidden="true">
      {checked && (
        <svg viewBox="0 0 40 40" aria-hidden="true">
          <path
            fill="currentColor"
            d="M31.5541766,15 L28.0892433,15 L28.0892434,15 C27.971052,15 27.8576674,15.044522 27.7740471,15.1239792 L18.2724722,24.1625319 L13.2248725,19.3630279 L13.2248725,19.3630279 C13.1417074,19.2834412 13.0287551,19.2384807 12.9107898,19.2380079 L9.44474455,19.2380079 L9.44474454,19.2380079 C9.19869815,19.2384085 8.99957935,19.4284738 9,19.66253 C9,19.7747587 9.04719253,19.8823283 9.13066188,19.9616418 L17.0907466,27.5338228 C17.4170809,27.8442545 17.8447695,28 18.2713393,28 L18.2980697,28 C18.7168464,27.993643 19.133396,27.8378975 19.4530492,27.5338228 L31.8693384,15.7236361 L31.8693384,15.7236361 C32.0434167,15.5582251 32.0435739,15.2898919 31.8696892,15.1242941 C31.7860402,15.0446329 31.6725052,15 31.5541421,15 L31.5541766,15 Z"
          />
        </svg>
      )}
    </span>
    <span className="sign-in-check-text">{children}</span>
  </label>
);

/** The large primary submit button; while the call runs it is disabled and shows three moving dots, as antd-mobile's. */
export const SubmitButton = ({
  isDisabled,
  isLoading,
  loadingText,
  children,
}: {
  isDisabled: boolean;
  isLoading: boolean;
  loadingText: string;
  children: ReactNode;
}) => (
  <button type="submit" className="sign-in-submit" disabled={isDisabled || isLoading}>
    {isLoading ? (
      <span className="sign-in-submit-loading">
        <svg className="sign-in-dots" height="1em" viewBox="0 0 100 40" aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <rect key={index} fill="currentColor" x={20 + index * 26} y="16" width="8" height="8" rx="2">
              <animate
                attributeName="y"
                from="16"
                to="16"
                dur="2s"
                begin={`${index * 0.2}s`}
                repeatCount="indefinite"
                values="16; 6; 26; 16; 16"
                keyTimes="0; 0.1; 0.3; 0.4; 1"
              />
            </rect>
          ))}
        </svg>
        {loadingText}
      </span>
    ) : (
      children
    )}
  </button>
);
