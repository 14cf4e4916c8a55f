// A form control that opens antd-mobile's Picker (one column) or DatePicker from a real button: the button shows
// the value and is named by the field's label and the value; the picker is a dialog the keyboard can use, that the
// phone's back button and Esc close, and the focus returns to the button afterwards.
import { DatePicker, Picker } from 'antd-mobile';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import { useBackToClose } from '../../lib/back-to-close';
import { makePickerKeyboardAccessible } from './picker-keyboard';
import './picker-field.css';

export type PickerOption = { label: string; value: string };

const usePickerDialog = (name: string) => {
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const className = `picker-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const cleanupRef = useRef<() => void>(() => {});
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus({ preventScroll: true });
  };
  useBackToClose(isOpen, close);
  useEffect(() => {
    if (!isOpen) cleanupRef.current();
  }, [isOpen]);
  useEffect(() => () => cleanupRef.current(), []);
  return {
    isOpen,
    open: () => setOpen(true),
    close,
    triggerRef,
    pickerProps: {
      className,
      visible: isOpen,
      title: name,
      confirmText: t.common.confirm,
      cancelText: t.common.cancel,
      onClose: close,
      afterShow: () => {
        cleanupRef.current();
        cleanupRef.current = makePickerKeyboardAccessible(className, name);
      },
    },
  };
};

type TriggerProps = {
  id?: string;
  label: string;
  display: string | undefined;
  placeholder: string;
  isDisabled?: boolean;
  onOpen: () => void;
  triggerRef: RefObject<HTMLButtonElement>;
};

const Trigger = ({ id, label, display, placeholder, isDisabled, onOpen, triggerRef }: TriggerProps) => (
  <button
    id={id}
    ref={triggerRef}
    type="button"
    className={display ? 'picker-trigger' : 'picker-trigger picker-trigger-empty'}
    aria-haspopup="dialog"
    aria-label={`${label}：${display ?? placeholder}`}
    disabled={isDisabled}
    onClick={onOpen}
  >
    {display ?? placeholder}
  </button>
);

type PickerFieldProps = {
  /** Given by Form.Item, so its label points here. */
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  options: readonly PickerOption[];
  /** The field's name: the button's name (with the value) and the picker's title (选择…). */
  label: string;
  placeholder?: string;
  isDisabled?: boolean;
};

/** One choice of a short list (a dictionary, the plant's banks). */
export const PickerField = ({
  id,
  value,
  onChange,
  options,
  label,
  placeholder = t.form.choose,
  isDisabled,
}: PickerFieldProps) => {
  const dialog = usePickerDialog(t.form.chooseTitle(label));
  const selected = options.find((option) => option.value === value);
  return (
    <>
      <Trigger
        id={id}
        label={label}
        display={selected?.label}
        placeholder={placeholder}
        isDisabled={isDisabled}
        onOpen={dialog.open}
        triggerRef={dialog.triggerRef}
      />
      <Picker
        {...dialog.pickerProps}
        columns={[options.map((option) => ({ label: option.label, value: option.value }))]}
        value={[value ?? options[0]?.value ?? null]}
        onConfirm={([picked]) => onChange?.(typeof picked === 'string' ? picked : undefined)}
      />
    </>
  );
};

/** yyyy-MM-dd of a local date, and back (the day as picked, whatever the time zone). */
export const formatIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
export const parseIsoDate = (value: string | undefined): Date | undefined => {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
};

type DateFieldProps = {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  label: string;
  /** yyyy-MM-dd, the first day offered. */
  min: string;
  /** The last day offered: today for what has happened (a date obtained), else ten years on. */
  isPastOnly?: boolean;
  /** Offers 清除 when a date is set. */
  isOptional?: boolean;
  isDisabled?: boolean;
};

/** A day, picked on antd-mobile's DatePicker and shown as yyyy-MM-dd. */
/** 2024年, 3月, 15日 on the wheels. */
const renderDateLabel = (precision: string, value: number) =>
  precision === 'year' ? t.form.year(value) : precision === 'month' ? t.form.month(value) : t.form.day(value);

export const DateField = ({ id, value, onChange, label, min, isPastOnly, isOptional, isDisabled }: DateFieldProps) => {
  const dialog = usePickerDialog(t.form.chooseTitle(label));
  const minDate = parseIsoDate(min) as Date;
  const current = parseIsoDate(value);
  return (
    <span className="date-field">
      <Trigger
        id={id}
        label={label}
        display={current ? value : undefined}
        placeholder={t.form.chooseDate}
        isDisabled={isDisabled}
        onOpen={dialog.open}
        triggerRef={dialog.triggerRef}
      />
      {isOptional && current && !isDisabled && (
        <button
          type="button"
          className="text-button date-field-clear"
          aria-label={t.form.clearFor(label)}
          onClick={() => onChange?.(undefined)}
        >
          {t.form.clear}
        </button>
      )}
      <DatePicker
        {...dialog.pickerProps}
        precision="day"
        min={minDate}
        max={isPastOnly ? new Date() : undefined}
        renderLabel={renderDateLabel}
        value={current && current >= minDate ? current : null}
        onConfirm={(date) => onChange?.(formatIsoDate(date))}
      />
    </span>
  );
};
