// The notice's body: an editable area with a small toolbar (bold, italic, underline, a heading, lists, a link, a
// picture). The browser's own editing does the work (execCommand, in every browser an office PC has); what it makes
// is only a draft — the server keeps the allow-listed part of it (lib/rich-text.ts), and pictures are uploaded to
// our files first, so a pasted outside picture does not survive.
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { ct } from '../../texts';
import { uploadAnnouncementFile } from './api/upload-announcement-file';

const tb = ct.announcements.toolbar;

type Command = { label: string; text: string; run: () => void };

/** A form control: antd's Form.Item hands it `value` and `onChange`. */
export const RichTextEditor = ({
  value = '',
  onChange = () => undefined,
  'aria-invalid': isInvalid = false,
}: {
  value?: string;
  onChange?: (html: string) => void;
  'aria-invalid'?: boolean;
}) => {
  const area = useRef<HTMLDivElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);

  // The area is the browser's: set from outside only when it differs (a reset), never while typing.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const changed = () => onChange(area.current?.innerHTML ?? '');
  const exec = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    changed();
  };

  const insertPicture = async (file: File) => {
    setUploading(true);
    try {
      const path = await uploadAnnouncementFile(file);
      exec('insertImage', path);
    } catch (error) {
      void showToast({ content: error instanceof Error ? error.message : String(error), kind: 'fail' });
    } finally {
      setUploading(false);
    }
  };

  const commands: Command[] = [
    { label: tb.bold, text: 'B', run: () => exec('bold') },
    { label: tb.italic, text: 'I', run: () => exec('italic') },
    { label: tb.underline, text: 'U', run: () => exec('underline') },
    { label: tb.heading, text: tb.heading, run: () => exec('formatBlock', '<h3>') },
    { label: tb.paragraph, text: tb.paragraph, run: () => exec('formatBlock', '<p>') },
    { label: tb.bulletList, text: tb.bulletList, run: () => exec('insertUnorderedList') },
    { label: tb.numberList, text: tb.numberList, run: () => exec('insertOrderedList') },
    {
      label: tb.link,
      text: tb.link,
      run: () => {
        const address = window.prompt(tb.linkPrompt, 'https://');
        if (!address) return;
        if (!/^https:\/\/\S+$/.test(address)) return void showToast({ content: tb.linkInvalid, kind: 'fail' });
        exec('createLink', address);
      },
    },
    { label: tb.clear, text: tb.clear, run: () => exec('removeFormat') },
  ];

  return (
    <div className={`rich-text-editor${isInvalid ? ' is-invalid' : ''}`}>
      <Space size={4} wrap className="rich-text-toolbar" role="toolbar" aria-label={ct.announcements.body}>
        {commands.map((command) => (
          <Tooltip key={command.label} title={command.text === command.label ? undefined : command.label}>
            <Button
              size="small"
              aria-label={command.label}
              // Keeps the selection in the area while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={command.run}
            >
              {command.text}
            </Button>
          </Tooltip>
        ))}
        <Button
          size="small"
          loading={isUploading}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => picker.current?.click()}
        >
          {tb.image}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          style={{ display: 'none' }}
          aria-label={tb.image}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertPicture(file);
          }}
        />
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text (bold, lists, pictures) cannot live in a textarea */}
      <div
        ref={area}
        className="rich-text-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={ct.announcements.editorLabel}
        aria-invalid={isInvalid}
        tabIndex={0}
        onInput={changed}
        onBlur={changed}
      />
    </div>
  );
};
